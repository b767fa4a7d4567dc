/**
 * read-api as its own service (distributed deployment): DATABASE_URL for the read models,
 * JWT_JWKS_URL for the issuer's keys, REDIS_URL so every instance's sockets get the projector's pushes.
 * `node read-api/dist/main.js` once built (`npm run build`); configured by the environment only.
 */
import { createMetrics } from '@hostel/platform/metrics';
import { waitForMigrations } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import { runService } from '@hostel/platform/service';
import { createAccessTokenVerifier } from '@hostel/platform/tokens';
import { readModelMigrations } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { readApi } from './app';
import { createPositionWaiter } from './consistency/wait-for-position';
import { startLiveServer } from './live/live-server';

await runService('read-api', ['DATABASE_URL', 'JWT_JWKS_URL'], async ({ config, log }) => {
  const metrics = createMetrics({ service: 'read-api', log, processMetrics: true });
  const infrastructure = await openInfrastructure(config, { log, metrics });
  const db = infrastructure.db<ReadModelTables>();
  // The projector owns the read models' tables: a read-api started first, or beside it, waits for them.
  await waitForMigrations(db, 'projector', readModelMigrations, {
    onWait: (missing) => log.info({ missing: missing.length }, 'waiting for the projector to create the read models'),
  });
  const verifyAccessToken = createAccessTokenVerifier(config.JWT_JWKS_URL!.map((url) => new URL(url)));
  const { app } = await createHttpServer({
    logger: log,
    verifyAccessToken,
    appOrigins: config.APP_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    health: () => infrastructure.health(),
    metrics,
  });
  const waiter = await createPositionWaiter(db, infrastructure.databaseUrl);
  await app.register(async (scope) => readApi(scope, { db, waiter, store: infrastructure.store, databaseUrl: infrastructure.databaseUrl }));
  await app.ready();
  const live = await startLiveServer(app.server, { config, verifyAccessToken, log });
  metrics.gauge('hostel_live_sockets', 'Sockets connected to this instance', [], (gauge) => gauge.set(live.of('/').sockets.size));
  await app.listen({ port: config.PORT, host: '0.0.0.0' });
  return async () => {
    // Sockets go first (an open one keeps the HTTP server from closing; the clients reconnect to
    // another instance); then the requests in flight are answered.
    live.disconnectSockets(true);
    await app.close();
    await live.close();
    await waiter.close();
    await infrastructure.close();
    metrics.close();
  };
});
