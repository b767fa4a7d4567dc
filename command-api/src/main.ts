/**
 * command-api as its own service (distributed deployment): DATABASE_URL for its tables (and the
 * events with EVENT_STORE=postgres), REDIS_URL for the shared sign-in throttle.
 */
import { Redis } from 'ioredis';
import pino from 'pino';
import { migrateEventStore } from '@hostel/eventstore/postgres';
import { readConfig } from '@hostel/platform/config';
import { createDb, createPool, migrate } from '@hostel/platform/db';
import { onShutdown, openEventStore } from '@hostel/platform/event-store';
import { createHttpServer } from '@hostel/platform/http';
import { createBullMqJobQueue } from '@hostel/messaging/job-queue';
import { createAccessTokenVerifier, publicJwks } from '@hostel/platform/tokens';
import { commandApi } from './app';
import { createMemoryLoginThrottle, createRedisLoginThrottle } from './identity/login-throttle';
import { loadSigningKey } from './identity/signing-key';
import { commandApiMigrations } from './migrations';
import { registerWorkers } from './workers';
import type { CommandTables } from './migrations';

const config = readConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL must be set');
const log = pino({ level: config.LOG_LEVEL });
const pool = createPool(config.DATABASE_URL);
const db = createDb<CommandTables>(pool);
await migrate(db, 'command_api', commandApiMigrations);
if (config.EVENT_STORE === 'postgres') await migrateEventStore(pool);
const store = await openEventStore(config, pool);
const signingKey = await loadSigningKey(db, config.JWT_PRIVATE_JWK);
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }) : undefined;
const { app } = await createHttpServer({
  logger: log,
  verifyAccessToken: createAccessTokenVerifier(publicJwks(signingKey)),
  appOrigins: (config.APP_ORIGIN ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
  trustProxy: true,
});
app.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
await app.register(async (scope) => commandApi(scope, { store, db, config, signingKey, throttle: redis ? createRedisLoginThrottle(redis) : createMemoryLoginThrottle() }));
// The workers run the commands the projector's policies queue (grant a paid badge, publish an upcoming meal).
const jobs = redis ? createBullMqJobQueue({ connection: redis }) : undefined;
if (jobs) registerWorkers(jobs, store);
else log.warn('REDIS_URL is not set: the policy workers are off (paid badges and automatic publication wait for them)');
await app.listen({ port: config.PORT, host: '0.0.0.0' });
onShutdown(async () => {
  await app.close();
  await jobs?.close();
  await store.close();
  redis?.disconnect();
  await pool.end();
});
