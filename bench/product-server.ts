/**
 * The product as `npm start` runs it (every service in one process), on a fresh database of the
 * machine's PostgreSQL, in a process of its own so the benchmark's clients never share its event loop.
 */
import pino from 'pino';
import { startServices } from '@hostel/embedded/services';
import { readConfig } from '@hostel/platform/config';
import { serveUntilTerminated } from './server-process';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: server.ts <database url>');
// Rate limits off: members liking a hundred times a second is the load being measured, not an attack.
// JWT_PRIVATE_JWK from the benchmark, when it signs its members' tokens itself.
const { JWT_PRIVATE_JWK, COMMAND_READABLE_WAIT_MS } = process.env;
const services = await startServices({
  databaseUrl,
  // How long a command's answer waits for its events to be readable (bench:likes compares 1 s with 0).
  ...(COMMAND_READABLE_WAIT_MS !== undefined ? { readableWaitMs: Number(COMMAND_READABLE_WAIT_MS) } : {}),
  config: readConfig({ ADMIN_EMAILS: 'bench-admin@hostel.test', LOG_LEVEL: 'silent', RATE_LIMITS: 'off', ...(JWT_PRIVATE_JWK ? { JWT_PRIVATE_JWK } : {}) }),
  logger: pino({ level: 'silent' }),
});
await serveUntilTerminated(services.app, () => services.close(), services.ready);
