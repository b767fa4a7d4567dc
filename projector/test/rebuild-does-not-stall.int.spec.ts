import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { streamName } from '@hostel/contracts';
import { usersProjection } from '@hostel/read-models/users';
import { rebuildProjection } from '../src/runtime/rebuild';
import { createProjectorDatabase, usersRows } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { appendUserHistories, domainEvent } from './user-events';

let database: ProjectorDatabase;
beforeAll(async () => {
  database = await createProjectorDatabase();
});
afterAll(() => database?.close());

describe('a rebuild in progress', () => {
  it('does not hold back the log: an event appended mid-rebuild is readable at once, and lands in the rebuilt model', async () => {
    // Given a log of several batches
    const seeded = await appendUserHistories(database.store, { users: 100 });
    const lateUser = randomUUID();
    let readableMidRebuild: string[] | undefined;

    // When, after the first replayed batch, someone registers
    await rebuildProjection(usersProjection, {
      store: database.store,
      db: database.db,
      batchSize: 50,
      onProgress: async (read) => {
        if (read !== 50) return;
        await database.store.append(
          streamName('user', lateUser),
          [domainEvent('UserRegistered', { userId: lateUser, name: 'Late', email: 'late@example.test', photo: '', role: 'user' })],
          { expectedVersion: 'no_stream' },
        );
        // A live reader gets it while the rebuild is still under way (any other open transaction on
        // the server may delay it a little; a rebuild holding one transaction open would delay it for ever).
        readableMidRebuild = await vi.waitFor(
          async () => {
            const streams = (await database.store.readAll({ from: seeded.last })).map((event) => event.streamId);
            if (streams.length === 0) throw new Error('not readable yet');
            return streams;
          },
          { timeout: 10_000, interval: 20 },
        );
      },
    });

    // Then the reader was not stalled, and the swap included the late event
    expect(readableMidRebuild).toEqual([streamName('user', lateUser)]);
    const rows = await usersRows(database.db);
    expect(rows.find((row) => row.id === lateUser)).toMatchObject({ name: 'Late', email: 'late@example.test' });
    expect(rows).toHaveLength(101);
  });
});
