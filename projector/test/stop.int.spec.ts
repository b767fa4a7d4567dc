import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProjection } from '../src/runtime/run-projection';
import { runProjection } from '../src/runtime/run-projection';
import { eventTallyProjection } from './event-tally';
import { advisoryLocksHeld, createProjectorDatabase } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { appendUserHistories } from './user-events';

let database: ProjectorDatabase;
beforeAll(async () => {
  database = await createProjectorDatabase();
  await appendUserHistories(database.store, { users: 5 });
});
afterAll(() => database?.close());

/** Answers 'stopped', or 'hung' if stop() has not resolved within a generous bound. */
async function stopWithin(running: RunningProjection, ms = 3000): Promise<'stopped' | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  const outcome = await Promise.race([running.stop().then(() => 'stopped' as const), hung]);
  clearTimeout(timer);
  return outcome;
}

const start = (log = pino({ level: 'silent' })) => runProjection(eventTallyProjection, { store: database.store, db: database.db, log, standbyMs: 10 });

describe('stopping a projection runner', () => {
  it('stop() right after it became active (while it reads its checkpoint) resolves', async () => {
    // Given: a runner that is told to stop on the next turn after it logs that it is active.
    let stopRequested!: (stopping: { outcome: Promise<'stopped' | 'hung'> }) => void;
    const requested = new Promise<{ outcome: Promise<'stopped' | 'hung'> }>((resolve) => (stopRequested = resolve));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (chunk.toString().includes('projection active')) setImmediate(() => stopRequested({ outcome: stopWithin(running) }));
        done();
      },
    });
    const running = start(pino({ level: 'info' }, sink));

    // When / Then
    expect(await (await requested).outcome).toBe('stopped');
    expect(await advisoryLocksHeld(database)).toBe(0);
  });

  it('stop() at any moment of start-up resolves and leaves the advisory lock free', async () => {
    // Given / When: a stop after 0, 1, 2, … event-loop turns sweeps through taking the lock,
    // reading the checkpoint and subscribing.
    for (let turns = 0; turns < 40; turns += 1) {
      const running = start();
      for (let turn = 0; turn < turns; turn += 1) await nextTurn();
      // Then
      expect(await stopWithin(running), `stop after ${turns} turns`).toBe('stopped');
      expect(await advisoryLocksHeld(database), `lock left held by a stop after ${turns} turns`).toBe(0);
    }
  });
});
