import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamName } from '@hostel/contracts';
import { comparePositions, START } from '@hostel/eventstore';
import type { Position } from '@hostel/eventstore';
import { usersProjection } from '@hostel/read-models/users';
import { rebuildProjection } from '../src/runtime/rebuild';
import { runProjection } from '../src/runtime/run-projection';
import { countEventsInLog, eventTallyProjection, readTally } from './event-tally';
import { createProjectorDatabase, recordingLogger, usersRows, waitForCheckpoint } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { appendUserHistories, domainEvent } from './user-events';

const BATCH_SIZE = 20;
/** Events appended at once just before the rebuild: many batches' worth, so the live runners are mid-way. */
const BURST = 400;

let database: ProjectorDatabase;
beforeAll(async () => {
  database = await createProjectorDatabase();
});
afterAll(() => database?.close());

/** Keeps appending new users' histories until stopped; answers the last position and event count. */
function keepAppending(firstIndex: number) {
  let stopped = false;
  let last: Position = START;
  let events = 0;
  let index = firstIndex;
  const done = (async () => {
    while (!stopped) {
      const appended = await appendUserHistories(database.store, { users: 5, firstIndex: index, concurrency: 5 });
      index += 5;
      events += appended.events;
      if (comparePositions(appended.last, last) > 0) last = appended.last;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return { last, events };
    },
  };
}

describe('rebuild while the live projector runs', () => {
  it('ends with the read model of a fresh rebuild and every event applied exactly once', async () => {
    // Given: a log, live runners that have applied it, and events that keep arriving…
    const seeded = await appendUserHistories(database.store, { users: 200 });
    const { log } = recordingLogger();
    const live = [usersProjection, eventTallyProjection].map((projection) =>
      runProjection(projection, { store: database.store, db: database.db, log, batchSize: BATCH_SIZE }),
    );
    try {
      await waitForCheckpoint(database.db, usersProjection.name, seeded.last);
      await waitForCheckpoint(database.db, eventTallyProjection.name, seeded.last);
      const appender = keepAppending(10_000);
      // …and a burst, appended in one transaction, that the live runners are still working through.
      const busyUser = randomUUID();
      const burst = await database.store.append(
        streamName('user', busyUser),
        [
          domainEvent('UserRegistered', {
            userId: busyUser,
            name: 'Busy',
            email: 'busy@example.test',
            photo: 'https://img.example.test/busy.png',
            role: 'user',
          }),
          ...Array.from({ length: BURST }, (_, edit) =>
            domainEvent('UserProfileUpdated', { userId: busyUser, name: `Busy ${edit}`, photo: 'https://img.example.test/busy.png' }),
          ),
        ],
        { expectedVersion: 'no_stream' },
      );

      // When both read models are rebuilt in the middle of it.
      const rebuilt = await Promise.all(
        [usersProjection, eventTallyProjection].map((projection) => rebuildProjection(projection, { store: database.store, db: database.db, batchSize: 250 })),
      );
      const arrived = await appender.stop();
      const end = comparePositions(arrived.last, burst.position) > 0 ? arrived.last : burst.position;

      // Then: the live runners resumed from the rebuilt checkpoints and caught up…
      await waitForCheckpoint(database.db, usersProjection.name, end);
      await waitForCheckpoint(database.db, eventTallyProjection.name, end);
      // (A runner that was behind when the copies were swapped in says 'checkpoint moved' and resumes
      // from it; one that stood exactly where the rebuild ended has nothing to notice, so their number
      // is not asserted: what they end with is.)
      expect(rebuilt.every(({ events }) => events > seeded.events)).toBe(true);
      expect(arrived.events).toBeGreaterThan(0);

      // …the non-idempotent tally counted each event exactly once…
      expect(await readTally(database.db)).toEqual(await countEventsInLog(database.db));
    } finally {
      await Promise.all(live.map((running) => running.stop()));
    }

    // …and the users read model is what a fresh rebuild gives.
    const rows = await usersRows(database.db);
    await rebuildProjection(usersProjection, { store: database.store, db: database.db });
    expect(await usersRows(database.db)).toEqual(rows);
  });
});
