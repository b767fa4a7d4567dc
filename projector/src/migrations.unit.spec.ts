import { describe, expect, it } from 'vitest';
import { readModelMigrations } from '@hostel/read-models';
import { projectorMigrations } from './migrations';

describe("the projector's migrations", () => {
  it("are the very keys existing databases have run (its checkpoints and the read models' tables), in order", () => {
    // kysely refuses to start on a database whose run migrations are missing here, or out of order.
    // The keys themselves are pinned once, in read-models' read-models.unit.spec.ts: here, that the projector runs every one of them, in key order.
    expect(Object.keys(projectorMigrations)).toEqual(Object.keys(readModelMigrations).sort());
  });
});
