import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEventStoreContract } from '../src/contract-suite';
import type { HeldAppend } from '../src/contract-suite';
import { WrongExpectedVersionError } from '../src/port';
import type { AppendResult, EventToAppend, RecordedEvent } from '../src/port';
import { createPostgresEventStore, migrateEventStore } from '../src/postgres';
import { readAllParameters, readAllSql } from '../src/postgres/read';
import { holdPostgresAppend } from './hold-postgres-append';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 12 });
type PostgresEventStore = ReturnType<typeof createPostgresEventStore>;

beforeAll(async () => {
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    throw new Error(`PostgreSQL is unreachable at ${DATABASE_URL} (set DATABASE_URL): ${String(error)}`, {
      cause: error,
    });
  }
});
afterAll(() => pool.end());

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
      expect(plan).not.toMatch(/Seq Scan|Sort/);
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
