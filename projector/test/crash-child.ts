/**
 * The projector process the crash test kills: the real runtime running the users projection and
 * the non-idempotent event tally against DATABASE_URL, with a small batch size so catch-up takes
 * many transactions. Prints `caught up` once both have applied the log as it stood; stops cleanly
 * on SIGTERM (SIGKILL is the point of the test, of course).
 * Run: `node --import tsx projector/test/crash-child.ts` with DATABASE_URL, BATCH_SIZE, STANDBY_MS.
 */
import pino from 'pino';
import { createPostgresEventStore } from '@hostel/eventstore/postgres';
import { createDb, createPool } from '@hostel/platform/db';
import { usersProjection } from '@hostel/read-models/users';
import type { ReadModelTables } from '@hostel/read-models';
import { runProjection } from '../src/runtime/run-projection';
import { eventTallyProjection } from './event-tally';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('crash-child needs DATABASE_URL');
const pool = createPool(databaseUrl, 6);
const store = createPostgresEventStore({ pool, pollIntervalMs: 50 });
const log = pino({ level: 'info' }, pino.destination(2));
const deps = {
  store,
  db: createDb<ReadModelTables>(pool),
  log,
  batchSize: Number(process.env.BATCH_SIZE ?? 25),
  standbyMs: Number(process.env.STANDBY_MS ?? 50),
};
const running = [runProjection(usersProjection, deps), runProjection(eventTallyProjection, deps)];

process.once('SIGTERM', () => {
  void Promise.all(running.map((projection) => projection.stop()))
    .then(() => store.close())
    .then(() => pool.end())
    .then(() => process.exit(0));
});

await Promise.all(running.map((projection) => projection.caughtUp));
process.stdout.write('caught up\n');
