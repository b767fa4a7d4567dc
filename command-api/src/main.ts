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
import { createAccessTokenVerifier, publicJwks } from '@hostel/platform/tokens';
import { commandApi } from './app';
import { loadSigningKey } from './identity/signing-key';
import { startImageSweeper } from './media/sweep-unused-images';
import { commandApiMigrations } from './migrations';
import type { CommandTables } from './migrations';
import { startWorkers } from './workers';

await runService('command-api', ['DATABASE_URL'], async ({ config, log }) => {
  const metrics = createMetrics({ service: 'command-api', log, processMetrics: true });
  const infrastructure = await openInfrastructure(config, { log, metrics });
  const { store } = infrastructure;
  const redis = infrastructure.requestRedis();
  const db = infrastructure.db<CommandTables>();
  await migrate(db, 'command_api', commandApiMigrations);
  const signingKey = await loadSigningKey(db, config.JWT_PRIVATE_JWK);
  const { app } = await createHttpServer({
    logger: log,
    verifyAccessToken: createAccessTokenVerifier(publicJwks(signingKey)),
    appOrigins: config.APP_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    allowStripe: Boolean(config.STRIPE_SECRET_KEY),
    health: () => infrastructure.health(),
    metrics,
  });
  await app.register(async (scope) => commandApi(scope, { store, db, config, signingKey, ...(redis ? { redis } : {}) }));
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
    await infrastructure.close();
    metrics.close();
  };
});
