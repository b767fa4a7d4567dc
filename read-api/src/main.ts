/**
 * read-api as its own service (distributed deployment): DATABASE_URL for the read models,
 * JWT_JWKS_URL for the issuer's keys, REDIS_URL so every instance's sockets get the projector's pushes.
 */
import pino from 'pino';
import type { ReadModelTables } from '@hostel/contracts';
import { readConfig } from '@hostel/platform/config';
import { createDb, createPool } from '@hostel/platform/db';
import { onShutdown } from '@hostel/platform/event-store';
import { createHttpServer } from '@hostel/platform/http';
import { createAccessTokenVerifier } from '@hostel/platform/tokens';
import { readApi } from './app';
import { createPositionWaiter } from './consistency/wait-for-position';
import { createLiveServer } from './live/live-server';

const config = readConfig();
if (!config.DATABASE_URL || !config.JWT_JWKS_URL) throw new Error('DATABASE_URL and JWT_JWKS_URL must be set');
const log = pino({ level: config.LOG_LEVEL });
const pool = createPool(config.DATABASE_URL);
const db = createDb<ReadModelTables>(pool);
const verifyAccessToken = createAccessTokenVerifier(new URL(config.JWT_JWKS_URL));
const appOrigins = (config.APP_ORIGIN ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
const { app } = await createHttpServer({ logger: log, verifyAccessToken, appOrigins, trustProxy: true });
app.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
const waiter = await createPositionWaiter(db, config.DATABASE_URL);
await app.register(async (scope) => readApi(scope, { db, waiter }));
await app.ready();
const live = await createLiveServer(app.server, {
  verifyAccessToken,
  ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
  ...(appOrigins.length ? { corsOrigin: appOrigins } : {}),
});
await app.listen({ port: config.PORT, host: '0.0.0.0' });
onShutdown(async () => {
  await live.close();
  await app.close();
  await waiter.close();
  await pool.end();
});
