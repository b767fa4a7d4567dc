import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEventStoreContract } from '../src/contract-suite';
import type { HeldAppend } from '../src/contract-suite';
import { WrongExpectedVersionError } from '../src/port';
import type { EventToAppend, RecordedEvent } from '../src/port';
import { createPostgresEventStore, migrateEventStore } from '../src/postgres';
import { readAllParameters, readAllSql } from '../src/postgres/read';
import { holdPostgresAppend } from './hold-postgres-append';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 12 });

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

/** A migrated schema of its own; `drop` removes it (with whatever a failed test left open rolled back). */
async function freshSchema(): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `es_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
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
  const firstDelivery = (store: ReturnType<typeof createPostgresEventStore>) => {
    let caughtUp!: () => void;
    let delivered!: (events: RecordedEvent[]) => void;
    const ready = new Promise<void>((resolve) => (caughtUp = resolve));
    const events = new Promise<RecordedEvent[]>((resolve) => (delivered = resolve));
    const subscription = store.subscribe({ onEvents: async (batch) => delivered(batch), onCaughtUp: () => caughtUp() });
    return { ready, events, subscription };
  };

  it('migrates idempotently, also when several processes migrate at once', async () => {
    const schema = `es_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
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

  it('turns a concurrent winner into WrongExpectedVersionError for the loser via the primary key', async () => {
    const { schema, drop } = await freshSchema();
    const store = createPostgresEventStore({ pool, schema });
    const stream = `meal-${randomUUID()}`;
    const winner = await holdPostgresAppend(pool, schema, stream, [newEvent('MealAdded')], 'no_stream');
    try {
      // The loser's version check passes (the winner has not committed), so only the key can stop it.
      // Its refusal is caught at once: it can arrive while the winner's commit is still being awaited.
      const loser = store.append(stream, [newEvent('MealAdded')], { expectedVersion: 'no_stream' }).catch((error: unknown) => error);
      await waitUntilBlockedBy(winner.backendPid);

      await winner.commit();

      const refused = await loser;
      expect(refused).toBeInstanceOf(WrongExpectedVersionError);
      expect(refused).toMatchObject({ expected: 'no_stream', actual: 0n });
      expect(await store.readStream(stream)).toHaveLength(1);
    } finally {
      await winner.rollback();
      await store.close();
      await drop();
    }
  });

  it('lets the blocked append through when the winner rolls back', async () => {
    const { schema, drop } = await freshSchema();
    const store = createPostgresEventStore({ pool, schema });
    const stream = `meal-${randomUUID()}`;
    const winner = await holdPostgresAppend(pool, schema, stream, [newEvent('MealAdded')], 'no_stream');
    try {
      const other = store.append(stream, [newEvent('MealAdded')], { expectedVersion: 'no_stream' });
      await waitUntilBlockedBy(winner.backendPid);

      await winner.rollback();

      expect((await other).nextVersion).toBe(0n);
    } finally {
      await store.close();
      await drop();
    }
  });

  it('answers a retry racing its original with the original result once the original commits', async () => {
    const { schema, drop } = await freshSchema();
    const store = createPostgresEventStore({ pool, schema });
    const stream = `user-${randomUUID()}`;
    const events = [newEvent('UserRegistered'), newEvent('UserRenamed')];
    const original = await holdPostgresAppend(pool, schema, stream, events, 'no_stream');
    try {
      const retry = store.append(stream, events, { expectedVersion: 'no_stream' });
      await waitUntilBlockedBy(original.backendPid);

      await original.commit();

      expect(await retry).toEqual(original.result);
      expect(await store.readStream(stream)).toHaveLength(2);
    } finally {
      await original.rollback();
      await store.close();
      await drop();
    }
  });

  it('refuses event ids that another stream already holds', async () => {
    const { schema, drop } = await freshSchema();
    const store = createPostgresEventStore({ pool, schema });
    try {
      const event = newEvent('UserRegistered');
      await store.append(`user-${randomUUID()}`, [event], { expectedVersion: 'no_stream' });

      await expect(store.append(`user-${randomUUID()}`, [event], { expectedVersion: 'no_stream' })).rejects.toThrow(/reuses event ids/);
      await expect(store.append(`user-${randomUUID()}`, [{ ...event, eventId: 'not-a-uuid' }], { expectedVersion: 'any' })).rejects.toThrow(/not a UUID/);
    } finally {
      await store.close();
      await drop();
    }
  });

  it('wakes a subscriber by NOTIFY, without waiting for the next poll', async () => {
    const { schema, drop } = await freshSchema();
    const store = createPostgresEventStore({ pool, schema, pollIntervalMs: 600_000 });
    try {
      const { ready, events, subscription } = firstDelivery(store);
      await ready;
      await vi.waitFor(async () => expect(await listenerPids(schema)).toHaveLength(1), { timeout: 10_000 });

      await store.append(`meal-${randomUUID()}`, [newEvent('MealAdded')], { expectedVersion: 'no_stream' });

      expect((await events).map((event) => event.type)).toEqual(['MealAdded']);
      await subscription.stop();
    } finally {
      await store.close();
      await drop();
    }
  });

  it('reconnects the LISTEN connection after it drops', async () => {
    const { schema, drop } = await freshSchema();
    const store = createPostgresEventStore({ pool, schema, pollIntervalMs: 600_000 });
    try {
      const { ready, events, subscription } = firstDelivery(store);
      await ready;
      const [dropped] = await vi.waitFor(
        async () => {
          const pids = await listenerPids(schema);
          expect(pids).toHaveLength(1);
          return pids;
        },
        { timeout: 10_000 },
      );

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
    } finally {
      await store.close();
      await drop();
    }
  });

  it('closes its LISTEN connection on close() and leaves the pool to its owner', async () => {
    const { schema, drop } = await freshSchema();
    const store = createPostgresEventStore({ pool, schema });
    try {
      const { ready } = firstDelivery(store);
      await ready;
      await vi.waitFor(async () => expect(await listenerPids(schema)).toHaveLength(1), { timeout: 10_000 });

      await store.close();

      await vi.waitFor(async () => expect(await listenerPids(schema)).toEqual([]), { timeout: 10_000 });
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await drop();
    }
  });
});
