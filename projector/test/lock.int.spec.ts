import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { START } from '@hostel/eventstore';
import { advanceCheckpoint, readCheckpoint } from '../src/runtime/checkpoints';
import type { RunningProjection } from '../src/runtime/run-projection';
import { runProjection } from '../src/runtime/run-projection';
import { countEventsInLog, eventTallyProjection, readTally } from './event-tally';
import { advisoryLocksHeld, createProjectorDatabase, recordingLogger, waitForCheckpoint } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { appendUserHistories } from './user-events';

let database: ProjectorDatabase;
beforeAll(async () => {
  database = await createProjectorDatabase();
});
afterAll(() => database?.close());

/** One projector "process": its own pool and store, a recorded log, and whether it got to work. */
function startInstance(label: string) {
  const connection = database.connectAgain();
  const { log, messages } = recordingLogger();
  const running: RunningProjection = runProjection(eventTallyProjection, { store: connection.store, db: connection.db, log, batchSize: 40, standbyMs: 25 });
  const instance = { label, running, messages, caughtUp: false };
  void running.caughtUp.then(() => (instance.caughtUp = true));
  return instance;
}

describe('one active instance per projection', () => {
  it('of two instances started together only one applies; the other takes over when it stops', async () => {
    // Given: a log, and two instances of the same projection started at the same time.
    const first = await appendUserHistories(database.store, { users: 100 });
    const instances = [startInstance('a'), startInstance('b')];
    try {
      await Promise.race(instances.map((instance) => instance.running.caughtUp));
      await waitForCheckpoint(database.db, eventTallyProjection.name, first.last);
      const active = instances.find((instance) => instance.caughtUp)!;
      const standby = instances.find((instance) => instance !== active)!;

      // When more events arrive while both run…
      const more = await appendUserHistories(database.store, { users: 50, firstIndex: 100 });
      await waitForCheckpoint(database.db, eventTallyProjection.name, more.last);

      // …then only the active one holds the lock and works; the tally is exact, not doubled.
      expect(await advisoryLocksHeld(database)).toBe(1);
      expect(active.messages.filter((message) => message === 'projection active')).toHaveLength(1);
      expect(standby.messages).not.toContain('projection active');
      expect(standby.caughtUp).toBe(false);
      expect(await readTally(database.db)).toEqual(await countEventsInLog(database.db));

      // When the active one stops…
      await active.running.stop();
      await standby.running.caughtUp;
      const afterTakeover = await appendUserHistories(database.store, { users: 50, firstIndex: 150 });
      await waitForCheckpoint(database.db, eventTallyProjection.name, afterTakeover.last);

      // …then the standby has taken over from the checkpoint: still exactly once.
      expect(standby.messages).toContain('projection active');
      expect(await advisoryLocksHeld(database)).toBe(1);
      const tally = await readTally(database.db);
      expect(tally).toEqual(await countEventsInLog(database.db));
      expect(Object.values(tally).reduce((sum, count) => sum + count, 0)).toBe(first.events + more.events + afterTakeover.events);
    } finally {
      await Promise.all(instances.map((instance) => instance.running.stop()));
    }
    expect(await advisoryLocksHeld(database)).toBe(0);
  });
});

describe('the checkpoint compare-and-set', () => {
  it('lets only one of two transactions advance from the same position, even if both were active', async () => {
    // Given: a checkpoint at the start, and one transaction that has advanced it but not committed yet.
    const name = 'cas_probe';
    await readCheckpoint(database.db, name);
    const other = database.connectAgain();
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstAdvanced!: (advanced: boolean) => void;
    const firstAdvancedNow = new Promise<boolean>((resolve) => (firstAdvanced = resolve));
    const first = database.db.transaction().execute(async (trx) => {
      firstAdvanced(await advanceCheckpoint(trx, name, START, { a: 10n, b: 5n }));
      await firstMayCommit;
    });
    expect(await firstAdvancedNow).toBe(true);

    // When a second transaction tries the same move (it waits on the row), and the first commits.
    const second = other.db.transaction().execute((trx) => advanceCheckpoint(trx, name, START, { a: 11n, b: 9n }));
    await vi.waitFor(
      async () => {
        const { rows } = await database.pool.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(rows[0]?.waiting).toBe(1);
      },
      { timeout: 10_000, interval: 10 },
    );
    commitFirst();
    await first;

    // Then the second finds the checkpoint moved and changes nothing.
    expect(await second).toBe(false);
    expect(await readCheckpoint(database.db, name)).toEqual({ a: 10n, b: 5n });
  });
});
