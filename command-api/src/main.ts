/**
 * command-api as its own service (distributed deployment): DATABASE_URL for its tables (and the
 * events with EVENT_STORE=postgres), REDIS_URL for the rate limits and jobs shared by every instance.
 * `node command-api/dist/main.js` once built (`npm run build`); configured by the environment only.
 */
import { createMetrics } from '@hostel/platform/metrics';
import { migrate } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import { runService } from '@hostel/platform/service';
import { endedSessionMigrations, watchEndedSessions } from '@hostel/platform/sessions';
import { createPositionWaiter } from '@hostel/read-models';
import type { CheckpointTables, ReadModelTables } from '@hostel/read-models';
import { commandApi } from './app';
import { bearerTokenVerifier } from './identity/bearer-tokens';
import { loadSigningKey } from './identity/signing-key';
import { startImageSweeper } from './media/sweep-unused-images';
import { commandApiMigrations } from './migrations';
import type { CommandTables } from './migrations';
import { startWorkers } from './workers';

await runService('command-api', ['DATABASE_URL', 'APP_ORIGIN'], async ({ config, log }) => {
  const metrics = createMetrics({ service: 'command-api', log, processMetrics: true });
  const infrastructure = await openInfrastructure(config, { log, metrics });
  const { store } = infrastructure;
  const redis = infrastructure.requestRedis();
  const db = infrastructure.db<CommandTables>();
  await migrate(db, 'command_api', commandApiMigrations);
  await migrate(db, 'sessions', endedSessionMigrations);
  const signingKey = await loadSigningKey(db, config.JWT_PRIVATE_JWK);
  const endedSessions = await watchEndedSessions(infrastructure.db(), { onError: (error) => log.warn({ err: error }, 'reading ended sessions failed') });
  const { app } = await createHttpServer({
    logger: log,
    verifyAccessToken: bearerTokenVerifier({ config, store, db, signingKey, endedSessions }),
    appOrigins: config.APP_ORIGIN,
    corsOrigins: config.CORS_ORIGINS,
    imageOrigins: config.IMAGE_URL_HOSTS.map((host) => `https://${host}`),
    trustProxy: config.TRUST_PROXY,
    allowStripe: Boolean(config.STRIPE_SECRET_KEY),
    health: () => infrastructure.health(),
    metrics,
  });
  // The projector's checkpoints, in the same database: a command answers once its events are readable.
  const waiter = await createPositionWaiter(infrastructure.db<CheckpointTables>(), infrastructure.databaseUrl);
  await app.register(async (scope) =>
    commandApi(scope, {
      store,
      db,
      reads: infrastructure.db<ReadModelTables>(),
      config,
      webOrigin: config.APP_ORIGIN[0]!,
      signingKey,
      endedSessions,
      waiter,
      ...(redis ? { redis } : {}),
    }),
  );
  // The workers run the commands the projector's policies queue (grant a paid badge, publish an upcoming meal).
  const jobs = await infrastructure.jobQueue();
  await startWorkers(jobs, store, { log, metrics });
  // Images no event refers to go after a day; with several instances, each sweeps (the work is idempotent).
  const imageSweeper = startImageSweeper({ store, db, log });
  await app.listen({ port: config.PORT, host: '0.0.0.0' });
  return async () => {
    await imageSweeper.stop();
    // Stops taking connections and answers the requests in flight, then the jobs running finish.
    await app.close();
    await waiter.close();
    await endedSessions.close();
    await infrastructure.close();
    metrics.close();
  };
});
