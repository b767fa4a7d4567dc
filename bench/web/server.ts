/**
 * The product as `npm start` serves it (every service and the built web app in one process, the demo
 * data seeded), on a fresh database of the machine's PostgreSQL, from any checkout: `root` is the
 * tree whose code runs (this one, or a worktree of the commit being compared), `webDist` its build.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import pino from 'pino';
import type * as Services from '../../embedded/src/services';
import type * as Seed from '../../embedded/src/seed';
import type * as Config from '../../platform/src/config';
import { serveUntilTerminated } from '../server-process';

const [root, databaseUrl, webDist] = process.argv.slice(2);
if (!root || !databaseUrl || !webDist) throw new Error('usage: server.ts <repository root> <database url> <web dist>');

// The checkout's own modules, so another commit runs its own server code, not this one's.
const load = (path: string) => import(pathToFileURL(join(root, path)).href);
const { startServices } = (await load('embedded/src/services.ts')) as typeof Services;
const { seedDemoData } = (await load('embedded/src/seed.ts')) as typeof Seed;
const { readConfig } = (await load('platform/src/config.ts')) as typeof Config;

const services = await startServices({
  databaseUrl,
  config: readConfig({ LOG_LEVEL: 'silent' }),
  logger: pino({ level: 'silent' }),
  webDist,
  seed: seedDemoData,
});
await serveUntilTerminated(services.app, () => services.close(), services.ready);
