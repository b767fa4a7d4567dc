import { describe, expect, it } from 'vitest';
import { projectorMigrations } from './migrations';

describe("the projector's migrations", () => {
  it("are the very keys existing databases have run (its checkpoints and the read models' tables), in order", () => {
    // kysely refuses to start on a database whose run migrations are missing here, or out of order.
    expect(Object.keys(projectorMigrations)).toEqual([
      '2026-11-21-checkpoints-and-users',
      '2026-11-22-meal-catalog-and-reviews',
      '2026-11-22-meal-search-by-prefix',
      '2026-11-22-payments',
      '2026-11-22-upcoming-meals',
      '2026-11-23-meal-requests',
      '2026-11-24-audit-log',
      '2026-11-26-serve-stages',
    ]);
  });
});
