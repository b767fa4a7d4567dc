import { Writable } from 'node:stream';
import { runProjection } from '../src/runtime/run-projection';
import pino from 'pino';
import type { Logger } from 'pino';
import { vi } from 'vitest';
import { comparePositions } from '@hostel/eventstore';
import type { EventStore, Position } from '@hostel/eventstore';
import { createPostgresEventStore, migrateEventStore } from '@hostel/eventstore/postgres';
import { createDb, createPool, migrate } from '@hostel/platform/db';
import { createFreshDatabase } from '@hostel/platform/testing';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { LiveMessage, Projection, ReadModelTables } from '@hostel/read-models';
import type { UsersTable } from '@hostel/read-models/users';
import { projectorMigrations } from '../src/migrations';
import { readCheckpoint } from '../src/runtime/checkpoints';
import { createEventTallyTable } from './event-tally';

export interface ProjectorDatabase {
  url: string;
  pool: pg.Pool;
  db: Kysely<ReadModelTables>;
  store: EventStore;
  /** Another pool and store on the same database, as a second projector process would have. */
  connectAgain(): { pool: pg.Pool; db: Kysely<ReadModelTables>; store: EventStore; close(): Promise<void> };
  close(): Promise<void>;
}

/**
 * A fresh database with the event store, the projector's tables and the test-only `event_tally`
 * table; `close()` drops it.
 */
export async function createProjectorDatabase(): Promise<ProjectorDatabase> {
  const database = await createFreshDatabase('projector');
  let closing = false;
  const connect = () => {
    const pool = createPool(database.url, 10);
    // pool.end() resolves before its connections have closed, and drop() terminates whatever is
    // left (57P01) while the pool still listens for errors of idle clients: expected by then.
    pool.on('error', (error) => {
      if (!closing) throw error;
    });
    const store = createPostgresEventStore({ pool, pollIntervalMs: 50 });
    return {
      pool,
      db: createDb<ReadModelTables>(pool),
      store,
      async close() {
        await store.close();
        await pool.end();
      },
    };
  };
  const main = connect();
  const others: ReturnType<typeof connect>[] = [];
  await migrateEventStore(main.pool);
  await migrate(main.db, 'projector', projectorMigrations);
  await createEventTallyTable(main.db);
  return {
    url: database.url,
    pool: main.pool,
    db: main.db,
    store: main.store,
    connectAgain() {
      const other = connect();
      others.push(other);
      return other;
    },
    async close() {
      closing = true;
      await Promise.all([main, ...others].map((connection) => connection.close()));
      await database.drop();
    },
  };
}

/**
 * Waits until the projection's checkpoint has reached `position`. Tests wait for this rather than
 * for `caughtUp`: any long transaction on the PostgreSQL server (another test file's) can hold
 * new events back from readers, so "caught up with what is readable" may come before them.
 */
/** Sessions on this database holding an advisory lock (the projector's "I am active" lock). */
export async function advisoryLocksHeld(database: ProjectorDatabase): Promise<number> {
  const { rows } = await database.pool.query<{ held: number }>(
    `select count(*)::int as held from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and l.granted and d.datname = current_database()`,
  );
  return rows[0]!.held;
}

export async function waitForCheckpoint(db: Kysely<ReadModelTables>, projection: string, position: Position, timeout = 30_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const checkpoint = await readCheckpoint(db, projection);
      if (comparePositions(checkpoint, position) < 0)
        throw new Error(`${projection} is at ${checkpoint.a}/${checkpoint.b}, waiting for ${position.a}/${position.b}`);
    },
    { timeout, interval: 10 },
  );
}

/** Every row of the users read model, in a stable order. */
export function usersRows(db: Kysely<ReadModelTables>): Promise<UsersTable[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

/** A logger whose messages the test can read (`messages`), e.g. to see that a code path ran. */
export function recordingLogger(): { log: Logger; messages: string[] } {
  const messages: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      messages.push((JSON.parse(chunk.toString()) as { msg: string }).msg);
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), messages };
}

/**
 * A live message as its projection emitted it: the runtime adds the batch's position to every push
 * (checked in meal-requests-projection.int.spec.ts); projection tests leave it out.
 */
export function asEmitted(message: LiveMessage): LiveMessage {
  const { position: _position, ...payload } = message.payload as { position?: string };
  return { ...message, payload } as LiveMessage;
}

/**
 * Runs `projection` on `database` as the projector would, keeping every push it makes: as emitted
 * (without the position the runtime adds), or `raw` with it.
 */
export function runRecording(database: ProjectorDatabase, projection: Projection, options: { batchSize?: number; raw?: boolean } = {}) {
  const published: LiveMessage[] = [];
  const runner = runProjection(projection, {
    store: database.store,
    db: database.db,
    log: pino({ level: 'silent' }),
    publish: (message) => published.push(options.raw ? message : asEmitted(message)),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
  return { runner, published };
}
