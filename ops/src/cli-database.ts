import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pino, { type Logger } from 'pino';
import { type Config, serviceConfigOrExit } from '@hostel/platform/config';
import { type Infrastructure, openInfrastructure } from '@hostel/platform/infrastructure';
import { startEmbeddedPostgres } from '@hostel/embedded/postgres';

/**
 * The database a command-line tool works on (rebuild, audit:verify, replay): DATABASE_URL when
 * set; otherwise the embedded one under DATA_DIR — the running one (`npm start`), found from
 * PostgreSQL's pid file, or a temporary start of it when the product is not running (`stop()`
 * stops only what this started).
 */
export async function openCliDatabase(config: Config, log: Logger): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  const dataDir = resolve(process.cwd(), config.DATA_DIR);
  const running = runningEmbeddedPort(dataDir);
  if (running) {
    const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
    return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running}/hostel`, stop: async () => undefined };
  }
  if (!existsSync(join(dataDir, 'postgres', 'PG_VERSION')))
    throw new Error(`No database under ${dataDir}: run npm start first, or set DATA_DIR / DATABASE_URL.`);
  const postgres = await startEmbeddedPostgres(dataDir, log);
  // The server runs in a session of its own, out of reach of the terminal's Ctrl+C: the tool stops it then.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void postgres.stop().finally(() => process.exit(130)));
  return { url: postgres.url, stop: postgres.stop };
}

/**
 * A command-line tool's start (`tool` as the user typed it, `npm run rebuild`): its configuration
 * (one line and exit 78 for a variable it cannot run with), its logger (warnings only unless
 * LOG_LEVEL says otherwise) and its database (openCliDatabase); without a database, the reason and exit 1.
 */
export async function openCliDatabaseOrExit(tool: string): Promise<{ config: Config; log: Logger; database: Awaited<ReturnType<typeof openCliDatabase>> }> {
  const config = serviceConfigOrExit(tool, [], { LOG_LEVEL: 'warn', ...process.env });
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openCliDatabase(config, log).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  return { config, log, database };
}

/** The configured infrastructure over a tool's database (openCliDatabaseOrExit); `close()` also stops what that started. */
export async function openCliInfrastructure(tool: string, poolSize: number): Promise<Infrastructure> {
  const { config, log, database } = await openCliDatabaseOrExit(tool);
  const infrastructure = await openInfrastructure(config, { log, databaseUrl: database.url, poolSize });
  return {
    ...infrastructure,
    async close() {
      await infrastructure.close();
      await database.stop();
    },
  };
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
