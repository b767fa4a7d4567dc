import { Kysely, Migrator, PostgresDialect } from 'kysely';
import type { Migration } from 'kysely';
import pg from 'pg';

/** The connections each pool made here holds open: pg-pool's end() resolves before they are closed. */
const openClients = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/** How long closePool waits for its connections to close before it lets them go. */
const CLOSE_WAIT_MS = 5000;

export function createPool(connectionString: string, max = 10): pg.Pool {
  // A request waits at most this long for a connection (PostgreSQL down, its name no longer resolving
  // or its address unanswered, or every connection busy), then fails, and answers 503 within a few
  // seconds instead of hanging (test:deploy stops PostgreSQL's container under the services).
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 3000, keepAlive: true });
  // An idle connection dropped by the server (restart, shutdown) must not bring the process down;
  // the pool replaces it on next use.
  pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
  // A checked-out client that loses its connection emits on itself, not on the pool.
  pool.on('connect', (client) => client.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message)));
  const open = new Set<pg.PoolClient>();
  openClients.set(pool, open);
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => open.delete(client));
  return pool;
}

/**
 * Ends a pool made by createPool and waits until its connections are closed. pg-pool's end() resolves
 * once it has asked each client to end, before the server saw them go: PostgreSQL stopped right after
 * (the launcher's Ctrl+C) then terminated them, and each said "PostgreSQL connection lost".
 */
export async function closePool(pool: pg.Pool): Promise<void> {
  const open = openClients.get(pool) ?? new Set();
  let done: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  const check = () => {
    if (open.size === 0) done();
  };
  pool.on('remove', check);
  const timer = setTimeout(done, CLOSE_WAIT_MS);
  try {
    await pool.end();
    check();
    await closed;
  } finally {
    clearTimeout(timer);
    pool.off('remove', check);
  }
}

export function createDb<Tables>(pool: pg.Pool): Kysely<Tables> {
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Runs one service's migrations (dated names, frozen in time, written against Kysely<any>)
 * with its own bookkeeping table, so services migrate independently of each other.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function migrate(db: Kysely<any>, table: string, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableName: `${table}_migrations`,
    migrationLockTableName: `${table}_migrations_lock`,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} of ${table} failed: ${String(error)}`);
}

/**
 * Waits until another service has run `migrations` under `table` (read-api waits for the projector,
 * which owns the read models' tables): a read side started first, or beside it, answers nothing
 * before the tables exist. Polls every `everyMs`, says once what it waits for, gives up after
 * `timeoutMs` (the start then fails with one line, for the orchestrator to restart it).
 */
export async function waitForMigrations(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bookkeeping table is not part of any service's tables
  db: Kysely<any>,
  table: string,
  migrations: Record<string, unknown>,
  options: { onWait?: (missing: string[]) => void; timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const wanted = Object.keys(migrations);
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  let told = false;
  for (;;) {
    const done = await db
      .selectFrom(`${table}_migrations`)
      .select('name')
      .execute()
      .then((rows: { name: string }[]) => new Set(rows.map((row) => row.name)))
      // The table itself is not there yet: nothing ran.
      .catch((error: { code?: string }) => {
        if (error.code === '42P01') return new Set<string>();
        throw error;
      });
    const missing = wanted.filter((name) => !done.has(name));
    if (missing.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${table} migrations ${missing.join(', ')} have not run within ${Math.round((options.timeoutMs ?? 300_000) / 1000)} s`);
    if (!told) options.onWait?.(missing);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 250));
  }
}
