/**
 * read-api as its own service (distributed deployment): DATABASE_URL for the read models,
 * JWT_JWKS_URL for the issuer's keys, REDIS_URL so every instance's sockets get the projector's pushes.
 * It serves the web app's pages too, as `npm start` does (the public ones rendered here with their
 * data), from the web build beside it (`web/dist`); the gateway sends it every page request.
 * `node read-api/dist/main.js` once built (`npm run build`); configured by the environment only.
 */
import { fileURLToPath } from 'node:url';
import { createMetrics } from '@hostel/platform/metrics';
import { migrate, waitForMigrations } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import { runService } from '@hostel/platform/service';
import { endedSessionMigrations, watchEndedSessions } from '@hostel/platform/sessions';
import { createAccessTokenVerifier } from '@hostel/platform/tokens';
import { firebaseVerifier, withFirebase } from '@hostel/platform/firebase';
import { createPositionWaiter, readModelMigrations } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { readApi } from './app';
import { loadAuditKey } from './audit/digest';
import { startLiveServer } from './live/live-server';
import { serveWebApp, webAppFallback } from './web-app';

/** The web build, from src/main.ts and from the bundle (dist/main.js) alike. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

await runService('read-api', ['DATABASE_URL', 'JWT_JWKS_URL', 'AUDIT_SIGNING_KEY'], async ({ config, log }) => {
  const metrics = createMetrics({ service: 'read-api', log, processMetrics: true });
  const infrastructure = await openInfrastructure(config, { log, metrics });
  const db = infrastructure.db<ReadModelTables>();
  // The projector owns the read models' tables: a read-api started first, or beside it, waits for them.
  await waitForMigrations(db, 'projector', readModelMigrations, {
    onWait: (missing) => log.info({ missing: missing.length }, 'waiting for the projector to create the read models'),
  });
  // Whichever of command-api and read-api starts first creates the table (the migrations take turns).
  await migrate(infrastructure.db(), 'sessions', endedSessionMigrations);
  const endedSessions = await watchEndedSessions(infrastructure.db(), { onError: (error) => log.warn({ err: error }, 'reading ended sessions failed') });
  const ownTokens = createAccessTokenVerifier(
    config.JWT_JWKS_URL!.map((url) => new URL(url)),
    endedSessions,
  );
  // Firebase ID tokens too (FIREBASE_PROJECT_ID). read-api keeps no sessions, so an account whose
  // mailbox Firebase would prove for the first time is linked by command-api (the holder's first write).
  const projectId = config.FIREBASE_PROJECT_ID;
  const verifyAccessToken = withFirebase(
    ownTokens,
    projectId
      ? firebaseVerifier({
          projectId,
          ...(config.FIREBASE_JWKS_URL ? { jwksUrl: config.FIREBASE_JWKS_URL } : {}),
          store: infrastructure.store,
          adminEmails: config.ADMIN_EMAILS,
        })
      : undefined,
    projectId,
  );
  const { app } = await createHttpServer({
    logger: log,
    verifyAccessToken,
    appOrigins: config.APP_ORIGIN,
    corsOrigins: config.CORS_ORIGINS,
    imageOrigins: config.IMAGE_URL_HOSTS.map((host) => `https://${host}`),
    trustProxy: config.TRUST_PROXY,
    allowStripe: Boolean(config.STRIPE_SECRET_KEY),
    notFoundFallback: webAppFallback(WEB_DIST),
    health: () => infrastructure.health(),
    metrics,
  });
  const waiter = await createPositionWaiter(db, infrastructure.databaseUrl);
  await app.register(async (scope) =>
    readApi(scope, {
      db,
      waiter,
      store: infrastructure.store,
      databaseUrl: infrastructure.databaseUrl,
      // Pictures are answered from the public origin, where the gateway serves /api/media.
      ...(config.APP_ORIGIN[0] ? { mediaOrigin: config.APP_ORIGIN[0] } : {}),
      // Every instance signs with the same key, from the environment: never from the database it vouches for.
      auditKey: loadAuditKey({ jwk: config.AUDIT_SIGNING_KEY, file: '', create: false }),
      metrics,
    }),
  );
  await serveWebApp(app, WEB_DIST);
  await app.ready();
  const live = await startLiveServer(app.server, { config, verifyAccessToken, endedSessions, log });
  metrics.gauge('hostel_live_sockets', 'Sockets connected to this instance', [], (gauge) => gauge.set(live.of('/').sockets.size));
  await app.listen({ port: config.PORT, host: '0.0.0.0' });
  return async () => {
    // Sockets go first, and none is taken from now on (an open one keeps the HTTP server from closing;
    // the clients reconnect to another instance); then the requests in flight are answered.
    live.letSocketsGo();
    await app.close();
    await live.close();
    await endedSessions.close();
    await waiter.close();
    await infrastructure.close();
    metrics.close();
  };
});
