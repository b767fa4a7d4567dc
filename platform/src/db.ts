import { Kysely, Migrator, PostgresDialect } from 'kysely';
import type { Migration } from 'kysely';
import pg from 'pg';

export function createPool(connectionString: string, max = 10): pg.Pool {
  // A request waits at most this long for a connection (PostgreSQL down or every connection busy),
  // then fails, and answers 503, instead of hanging.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, keepAlive: true });
  // An idle connection dropped by the server (restart, shutdown) must not bring the process down;
  // the pool replaces it on next use.
  pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
  // A checked-out client that loses its connection emits on itself, not on the pool.
  pool.on('connect', (client) => client.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message)));
  return pool;
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
