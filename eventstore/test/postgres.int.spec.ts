import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEventStoreContract } from '../src/contract-suite';
import type { HeldAppend } from '../src/contract-suite';
import { WrongExpectedVersionError } from '../src/port';
import type { AppendResult, EventToAppend, RecordedEvent } from '../src/port';
import { createPostgresEventStore, migrateEventStore } from '../src/postgres';
import { writeEvents } from '../src/postgres/append';
import { readAll, readAllParameters, readAllSql } from '../src/postgres/read';
import { holdPostgresAppend } from './hold-postgres-append';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// A database of this file's own: the store's read waits for this database's open transactions, so
// another file's transactions in a shared database would hold back what these tests wait for.
const fileDatabase = `es_file_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const DATABASE_URL = Object.assign(new URL(SERVER_URL), { pathname: `/${fileDatabase}` }).href;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 12 });
type PostgresEventStore = ReturnType<typeof createPostgresEventStore>;

/** Runs one statement on the server's own database (for creating and dropping this file's). */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is unreachable at ${SERVER_URL} (set DATABASE_URL): ${String(error)}`, { cause: error });
  }
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

beforeAll(() => onServer(`CREATE DATABASE ${fileDatabase}`));
afterAll(async () => {
  await pool.end();
  await onServer(`DROP DATABASE IF EXISTS ${fileDatabase} WITH (FORCE)`);
});

const newSchemaName = () => `es_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

/** A migrated schema of its own; `drop` removes it (with whatever a failed test left open rolled back). */
async function freshSchema(): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = newSchemaName();
  await migrateEventStore(pool, schema);
  return { schema, drop: () => pool.query(`DROP SCHEMA ${schema} CASCADE`).then(() => undefined) };
}

describeEventStoreContract('postgres', async () => {
  const { schema, drop } = await freshSchema();
  const store = createPostgresEventStore({ pool, schema });
  const held: HeldAppend[] = [];
  return {
    store,
    newStream: (label) => `${label}-${randomUUID()}`,
    async holdAppend(stream, events, expectedVersion) {
      const hold = await holdPostgresAppend(pool, schema, stream, events, expectedVersion);
      held.push(hold);
      return hold;
    },
    async dispose() {
      await Promise.all(held.map((hold) => hold.rollback()));
      await store.close();
      await drop();
    },
  };
});

describe('postgres event store', () => {
  const newEvent = (type: string): EventToAppend => ({ eventId: randomUUID(), type, data: {}, metadata: {} });

  /** Waits until some backend is blocked by the given one (a concurrent append reached the insert). */
  const waitUntilBlockedBy = (backendPid: number): Promise<void> =>
    vi.waitFor(
      async () => {
        const { rows } = await pool.query<{ blocked: number }>('SELECT count(*)::int AS blocked FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [
          backendPid,
        ]);
        expect(rows[0]?.blocked).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 10 },
    );

  const listenerPids = async (schema: string): Promise<number[]> => {
    const { rows } = await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`, [
      `LISTEN "${schema}_events"`,
    ]);
    return rows.map((row) => row.pid);
  };

  /** Resolves with the first batch a subscription hands over. */
  const firstDelivery = (store: PostgresEventStore) => {
    let caughtUp!: () => void;
    let delivered!: (events: RecordedEvent[]) => void;
    const ready = new Promise<void>((resolve) => (caughtUp = resolve));
    const events = new Promise<RecordedEvent[]>((resolve) => (delivered = resolve));
    const subscription = store.subscribe({ onEvents: async (batch) => delivered(batch), onCaughtUp: () => caughtUp() });
    return { ready, events, subscription };
  };

  /** Waits until exactly one connection LISTENs for the schema's events; answers its backend pid. */
  const oneListener = (schema: string): Promise<number[]> =>
    vi.waitFor(
      async () => {
        const pids = await listenerPids(schema);
        expect(pids).toHaveLength(1);
        return pids;
      },
      { timeout: 10_000 },
    );

  /** Runs `test` on a store over a fresh schema, then closes the store and drops the schema. */
  const withStore = async (test: (store: PostgresEventStore, schema: string) => Promise<void>, options: { pollIntervalMs?: number } = {}) => {
    const { schema, drop } = await freshSchema();
    const store = createPostgresEventStore({ pool, schema, ...options });
    try {
      await test(store, schema);
    } finally {
      await store.close();
      await drop();
    }
  };

  /**
   * Holds an append of `held` to a new stream open in its own transaction, sends an append of `sent`
   * to the same stream through the store and runs `test` once the held one blocks it; the held append
   * is rolled back afterwards unless `test` ended it.
   */
  const whileHeld = (
    label: string,
    [heldEvents, sentEvents]: [EventToAppend[], EventToAppend[]],
    test: (race: { store: PostgresEventStore; stream: string; held: HeldAppend; blocked: Promise<AppendResult> }) => Promise<void>,
  ) =>
    withStore(async (store, schema) => {
      const stream = `${label}-${randomUUID()}`;
      const held = await holdPostgresAppend(pool, schema, stream, heldEvents, 'no_stream');
      try {
        const blocked = store.append(stream, sentEvents, { expectedVersion: 'no_stream' });
        // Handled at once: a refusal can arrive while the held append's commit is still being awaited.
        blocked.catch(() => undefined);
        await waitUntilBlockedBy(held.backendPid);
        await test({ store, stream, held, blocked });
      } finally {
        await held.rollback();
      }
    });

  it('migrates idempotently, also when several processes migrate at once', async () => {
    const schema = newSchemaName();
    try {
      await Promise.all([migrateEventStore(pool, schema), migrateEventStore(pool, schema), migrateEventStore(pool, schema)]);
      await migrateEventStore(pool, schema);
      const { rows } = await pool.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname', [schema]);
      expect(rows.map((row) => row.indexname)).toEqual(['events_commit_order', 'events_event_id_key', 'events_pkey', 'snapshots_pkey']);
    } finally {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    expect(() => createPostgresEventStore({ pool, schema: 'events; DROP TABLE x' })).toThrow(/Invalid event-store schema/);
    await expect(migrateEventStore(pool, 'Mixed-Case')).rejects.toThrow(/Invalid event-store schema/);
  });

  it('reads the global log through the (transaction_id, global_position) index', async () => {
    const { schema, drop } = await freshSchema();
    try {
      await pool.query(
        `INSERT INTO ${schema}.events (stream_id, stream_version, event_id, type, data)
         SELECT 'seed-' || (n % 100), n / 100, gen_random_uuid(), 'Seeded', '{}' FROM generate_series(0, 19999) AS n`,
      );
      await pool.query(`ANALYZE ${schema}.events`);

      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${readAllSql(schema)}`, readAllParameters({ a: 0n, b: 0n }, 500));

      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan using events_commit_order/);
      // (The horizon reads the cluster's locks and processes, never the events.)
      expect(plan).not.toMatch(/Seq Scan on events|Sort/);
    } finally {
      await drop();
    }
  });

  it('turns a concurrent winner into WrongExpectedVersionError for the loser via the primary key', () =>
    // The loser's version check passes (the winner has not committed), so only the key can stop it.
    whileHeld('meal', [[newEvent('MealAdded')], [newEvent('MealAdded')]], async ({ store, stream, held: winner, blocked: loser }) => {
      await winner.commit();

      const refused = await loser.catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(WrongExpectedVersionError);
      expect(refused).toMatchObject({ expected: 'no_stream', actual: 0n });
      expect(await store.readStream(stream)).toHaveLength(1);
    }));

  it('lets the blocked append through when the winner rolls back', () =>
    whileHeld('meal', [[newEvent('MealAdded')], [newEvent('MealAdded')]], async ({ held: winner, blocked: other }) => {
      await winner.rollback();

      expect((await other).nextVersion).toBe(0n);
    }));

  it('answers a retry racing its original with the original result once the original commits', () => {
    const events = [newEvent('UserRegistered'), newEvent('UserRenamed')];
    return whileHeld('user', [events, events], async ({ store, stream, held: original, blocked: retry }) => {
      await original.commit();

      expect(await retry).toEqual(original.result);
      expect(await store.readStream(stream)).toHaveLength(2);
    });
  });

  it('refuses event ids that another stream already holds', () =>
    withStore(async (store) => {
      const event = newEvent('UserRegistered');
      await store.append(`user-${randomUUID()}`, [event], { expectedVersion: 'no_stream' });

      await expect(store.append(`user-${randomUUID()}`, [event], { expectedVersion: 'no_stream' })).rejects.toThrow(/reuses event ids/);
      await expect(store.append(`user-${randomUUID()}`, [{ ...event, eventId: 'not-a-uuid' }], { expectedVersion: 'any' })).rejects.toThrow(/not a UUID/);
    }));

  it('wakes a subscriber by NOTIFY, without waiting for the next poll', () =>
    withStore(
      async (store, schema) => {
        const { ready, events, subscription } = firstDelivery(store);
        await ready;
        await oneListener(schema);

        await store.append(`meal-${randomUUID()}`, [newEvent('MealAdded')], { expectedVersion: 'no_stream' });

        expect((await events).map((event) => event.type)).toEqual(['MealAdded']);
        await subscription.stop();
      },
      { pollIntervalMs: 600_000 },
    ));

  it('reconnects the LISTEN connection after it drops', () =>
    withStore(
      async (store, schema) => {
        const { ready, events, subscription } = firstDelivery(store);
        await ready;
        const [dropped] = await oneListener(schema);

        await pool.query('SELECT pg_terminate_backend($1)', [dropped]);

        await vi.waitFor(
          async () => {
            const pids = await listenerPids(schema);
            expect(pids).toHaveLength(1);
            expect(pids).not.toContain(dropped);
          },
          { timeout: 10_000, interval: 50 },
        );
        await store.append(`meal-${randomUUID()}`, [newEvent('MealAdded')], { expectedVersion: 'no_stream' });
        expect((await events).map((event) => event.type)).toEqual(['MealAdded']);
        await subscription.stop();
      },
      { pollIntervalMs: 600_000 },
    ));

  describe('the horizon of the commit-ordered read', () => {
    /** A connection to `database` of the same cluster, as the same role unless `user` says. */
    const connect = async (database: string, user?: string) => {
      const url = new URL(DATABASE_URL);
      url.pathname = `/${database}`;
      if (user) url.username = user;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      return client;
    };
    const testDatabase = new URL(DATABASE_URL).pathname.slice(1);
    const types = (events: RecordedEvent[]) => events.map((event) => event.type);

    it('is not held back by a transaction of another database of the cluster, however long it runs, for any role', async () => {
      const neighbourDb = `es_neighbour_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const plainRole = `es_reader_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await pool.query(`CREATE DATABASE ${neighbourDb}`);
      const neighbour = await connect(neighbourDb);
      const { schema, drop } = await freshSchema();
      // A role with no privilege beyond reading the events (not pg_read_all_stats): the guard needs none.
      await pool.query(`CREATE ROLE ${plainRole} LOGIN; GRANT USAGE ON SCHEMA ${schema} TO ${plainRole}; GRANT SELECT ON ${schema}.events TO ${plainRole}`);
      const plain = await connect(testDatabase, plainRole);
      const plainPool = { query: plain.query.bind(plain) } as unknown as pg.Pool;
      const store = createPostgresEventStore({ pool, schema });
      try {
        // A bulk load next door, older than the append below and still running.
        await neighbour.query('BEGIN');
        await neighbour.query('CREATE TABLE bulk AS SELECT n FROM generate_series(1, 1000) AS n');
        const { rows } = await neighbour.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
        const appended = await store.append(`meal-${randomUUID()}`, [newEvent('AfterTheNeighbour')], { expectedVersion: 'no_stream' });
        expect(appended.position.a).toBeGreaterThan(BigInt(rows[0]!.xid));

        expect(types(await store.readAll())).toEqual(['AfterTheNeighbour']);
        expect(types(await readAll(plainPool, schema))).toEqual(['AfterTheNeighbour']);
        const { events, subscription } = firstDelivery(store);
        expect(types(await events)).toEqual(['AfterTheNeighbour']);
        await subscription.stop();
      } finally {
        await neighbour.query('ROLLBACK');
        await neighbour.end();
        await plain.end();
        await store.close();
        await drop();
        await pool.query(`DROP DATABASE ${neighbourDb}`);
        await pool.query(`DROP ROLE ${plainRole}`);
      }
    });

    it("is held back by this database's transaction that has its id but has not appended yet, and then hands over both in commit order", () =>
      withStore(async (store, schema) => {
        const writer = await connect(testDatabase);
        try {
          // Its id comes from a write elsewhere in this database (inside a subtransaction, as a savepoint makes);
          // its event comes later, after a younger append has committed.
          await writer.query('BEGIN');
          await writer.query('SAVEPOINT before_write');
          await writer.query(`CREATE TEMPORARY TABLE scratch AS SELECT 1 AS n`);
          const younger = await store.append(`meal-${randomUUID()}`, [newEvent('Younger')], { expectedVersion: 'no_stream' });
          expect(await store.readAll()).toEqual([]);

          const older = await writeEvents(writer, schema, `meal-${randomUUID()}`, [newEvent('Older')], 'no_stream');
          await writer.query('RELEASE SAVEPOINT before_write');
          expect(await store.readAll()).toEqual([]);
          await writer.query('COMMIT');

          const all = await store.readAll();
          expect(types(all)).toEqual(['Older', 'Younger']);
          expect(all.map((event) => event.position)).toEqual([older.position, younger.position]);
        } finally {
          await writer.end();
        }
      }));
  });

  it('closes its LISTEN connection on close() and leaves the pool to its owner', () =>
    withStore(async (store, schema) => {
      const { ready } = firstDelivery(store);
      await ready;
      await oneListener(schema);

      await store.close();

      await vi.waitFor(async () => expect(await listenerPids(schema)).toEqual([]), { timeout: 10_000 });
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    }));
});
