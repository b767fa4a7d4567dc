import pg from 'pg';

/** The machine's PostgreSQL that integration tests use (STACK.md): trust auth on 127.0.0.1:5432. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A brand-new database for one test file, dropped afterwards, so test files never see each
 * other's events or read models. Fails loudly when PostgreSQL cannot be reached.
 */
export async function createFreshDatabase(prefix = 'it'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`Integration tests need PostgreSQL at ${TEST_DATABASE_URL} (set DATABASE_URL): ${String(error)}`, { cause: error });
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
