import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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

/** The machine's Redis that integration tests use (STACK.md). */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A connection to the machine's Redis for one test file, and a key prefix of its own (`<label>-<uuid>`);
 * fails loudly, at once, when Redis cannot be reached. `drop()` deletes the prefix's keys and disconnects.
 */
export async function connectTestRedis(label: string): Promise<{ url: string; prefix: string; redis: Redis; drop(): Promise<void> }> {
  const prefix = `${label}-${randomUUID()}`;
  // Fails fast (no endless reconnects) so an absent Redis is reported, not waited for.
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Integration tests need Redis at ${TEST_REDIS_URL} (set REDIS_URL): ${String(error)}`, { cause: error });
  }
  return {
    url: TEST_REDIS_URL,
    prefix,
    redis,
    async drop() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
