import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pino from 'pino';
import type { ReadModelTables } from '@hostel/contracts';
import { createPostgresEventStore } from '@hostel/eventstore/postgres';
import { readConfig } from '@hostel/platform/config';
import { createDb, createPool } from '@hostel/platform/db';
import { countPostgresEvents, rebuildReadModels } from '@hostel/projector/rebuild';
import { startEmbeddedPostgres } from './postgres';

/**
 * `npm run rebuild [read-model…]`: against DATABASE_URL when set; otherwise the embedded database
 * under DATA_DIR — the running one (`npm start`), found from PostgreSQL's pid file, or a
 * temporary start of it when the product is not running.
 */
const config = readConfig({ LOG_LEVEL: 'warn', ...process.env });
const log = pino({ level: config.LOG_LEVEL });
const dataDir = resolve(process.cwd(), config.DATA_DIR);
let stopPostgres: (() => Promise<void>) | undefined;
let databaseUrl = config.DATABASE_URL;
if (!databaseUrl) {
  const running = runningEmbeddedPort(dataDir);
  if (running) {
    const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
    databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running}/hostel`;
  } else {
    if (!existsSync(join(dataDir, 'postgres', 'PG_VERSION'))) {
      console.error(`No database under ${dataDir}: run npm start first, or set DATA_DIR / DATABASE_URL.`);
      process.exit(1);
    }
    const postgres = await startEmbeddedPostgres(dataDir, log);
    databaseUrl = postgres.url;
    stopPostgres = postgres.stop;
  }
}

const pool = createPool(databaseUrl, 4);
const db = createDb<ReadModelTables>(pool);
const store = createPostgresEventStore({ pool });
try {
  await rebuildReadModels({ store, db, names: process.argv.slice(2), eventCount: await countPostgresEvents(db) });
  console.log('Read models rebuilt.');
} catch (error) {
  console.error('Rebuild failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await store.close();
  await pool.end();
  await stopPostgres?.();
}

/** PostgreSQL writes its port on the fourth line of postmaster.pid while it runs. */
function runningEmbeddedPort(dir: string): number | undefined {
  const pidFile = join(dir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return undefined;
  }
  return Number(port) || undefined;
}
