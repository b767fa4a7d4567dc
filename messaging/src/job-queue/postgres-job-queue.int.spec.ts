import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createPool } from '@hostel/platform/db';
import { createFreshDatabase } from '@hostel/platform/testing';
import { jobQueueContract } from './contract-suite';
import { createPostgresJobQueue } from './postgres-job-queue';

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let pool: pg.Pool;
let db: Kysely<Record<string, never>>;

beforeAll(async () => {
  database = await createFreshDatabase('jobs');
  pool = createPool(database.url, 10);
  db = new Kysely({ dialect: new PostgresDialect({ pool }) });
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

jobQueueContract({
  open: (options) => createPostgresJobQueue({ ...options, pool }),
  transaction: (work) => db.transaction().execute((trx) => work(trx)),
});
