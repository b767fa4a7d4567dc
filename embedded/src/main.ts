import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { serviceConfigOrExit } from '@hostel/platform/config';
import { auditCheckpointHeadFile } from './audit-key-file';
import { startEmbeddedPostgres } from './postgres';
import { DEMO_ACCOUNTS, seedDemoData } from './seed';
import { startServices } from './services';

/**
 * `npm start`: the whole product in one process on the embedded defaults. Builds the web app if
 * it is missing, starts PostgreSQL under DATA_DIR, migrates, serves everything on PORT, seeds the
 * demo accounts once, and stops cleanly (PostgreSQL too) on SIGTERM / SIGINT.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
// A variable it cannot run with: one line naming it, exit 78 (as every service).
const config = serviceConfigOrExit('npm start', [], { LOG_LEVEL: 'warn', ...process.env });
const log = pino({ level: config.LOG_LEVEL });
const webDist = resolve(root, 'web/dist');

// A build from before the public pages were rendered here has no server bundle: built again too.
if (!existsSync(resolve(webDist, 'index.html')) || !existsSync(resolve(webDist, '.ssr/entry-server.js'))) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app did not build; see above.');
    process.exit(1);
  }
}

let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let services: Awaited<ReturnType<typeof startServices>> | undefined;

/** How long a stop waits for answers and jobs in flight before it lets them go. */
const DRAIN_MS = 20_000;
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping (finishing the requests and jobs in flight)…`);
  const drained = services?.close().catch((error: unknown) => log.error({ err: error }, 'services did not close cleanly'));
  const timedOut = new Promise<'timeout'>((resolve) => setTimeout(resolve, DRAIN_MS, 'timeout').unref());
  if ((await Promise.race([drained, timedOut])) === 'timeout')
    console.error(`Not everything finished within ${DRAIN_MS / 1000} s; stopping anyway (queued jobs run at the next start).`);
  // Only now: PostgreSQL runs in a session of its own, so the terminal's Ctrl+C reached the launcher alone.
  await postgres?.stop().catch((error: unknown) => log.error({ err: error }, 'PostgreSQL did not stop cleanly'));
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGHUP', () => void stop('SIGHUP'));
// One bad request or job must not stop the product for everyone: an error nothing caught is logged
// with what it carries and the server goes on. (Every exit still stops PostgreSQL, postgres.ts,
// and the next start stops one a SIGKILL left behind.)
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
process.on('uncaughtException', (error, origin) => log.error({ err: error, origin }, 'uncaught exception'));

const dataDir = resolve(process.cwd(), config.DATA_DIR);
console.log(`Starting PostgreSQL (data in ${dataDir})…`);
try {
  postgres = await startEmbeddedPostgres(dataDir, log);
  services = await startServices({
    databaseUrl: postgres.url,
    config,
    logger: log,
    webDist,
    seed: seedDemoData,
    // DATA_DIR's database: the newest signed checkpoint is kept beside it, where SQL cannot reach it.
    auditHeadFile: auditCheckpointHeadFile(dataDir),
  });
  const host = process.env.HOST ?? 'localhost';
  await services.app.listen({ port: config.PORT, host });
  await services.ready;
  const address = services.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`
  Hostel Meals is running at http://localhost:${port}

  Demo logins:
${DEMO_ACCOUNTS.map((account) => `    ${account.role.padEnd(8)} ${account.email} / ${account.password}`).join('\n')}

  API documentation: http://localhost:${port}/docs    Stop with Ctrl+C.
`);
} catch (error) {
  console.error('Could not start:', error instanceof Error ? error.message : error);
  log.error({ err: error }, 'start failed');
  await services?.close().catch(() => undefined);
  await postgres?.stop().catch(() => undefined);
  process.exit(1);
}
