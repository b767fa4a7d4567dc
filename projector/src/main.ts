/**
 * The projector as its own process (distributed deployment): reads the configured event store,
 * writes the read models in DATABASE_URL, pushes live messages through Redis (REDIS_URL), and runs
 * the policies (their jobs on BullMQ with REDIS_URL, else in this PostgreSQL with their checkpoint).
 * Serves only `/health/live`, `/health/ready` and `/metrics` on PORT.
 * `node projector/dist/main.js` once built (`npm run build`); configured by the environment only.
 */
import { createHttpServer } from '@hostel/platform/http';
import { migrate } from '@hostel/platform/db';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import { createMetrics } from '@hostel/platform/metrics';
import { runService } from '@hostel/platform/service';
import { projections } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { policies, policyRunner, startProjector } from './index';
import { projectorMigrations } from './migrations';
import { measureLag } from './runtime/lag';

await runService('projector', ['DATABASE_URL'], async ({ config, log }) => {
  const metrics = createMetrics({ service: 'projector', log, processMetrics: true });
  // Each projection and policy holds one session for as long as it runs (its advisory lock): the pool
  // needs those and more for their batches, the event store's reads, health and metrics. At the default
  // of 10, nine held sessions left one connection for all of them, so one slow batch stalled the rest.
  const infrastructure = await openInfrastructure(config, { log, metrics, poolSize: projections.length + policies.length + 8 });
  const db = infrastructure.db<ReadModelTables>();
  await migrate(db, 'projector', projectorMigrations);
  // Without REDIS_URL no read-api instance could hear a push: live updates are off then.
  const publisher = infrastructure.redis ? infrastructure.livePublisher() : undefined;
  if (!publisher) log.warn('REDIS_URL is not set: live updates are off (read-api instances hear the projector through Redis)');
  const jobs = await infrastructure.jobQueue();
  const runners = policies.map((policy) => policyRunner(policy, jobs));
  const projector = startProjector({
    store: infrastructure.store,
    db,
    log,
    publish: (message, cause) => {
      if (!publisher) return;
      log.info({ correlationId: cause?.correlationId, room: message.room, event: message.event }, 'live push');
      publisher.publish(message.room, message.event, message.payload);
    },
    policies: runners,
  });
  let caughtUp = false;
  void projector.caughtUp.then(() => {
    caughtUp = true;
    log.info('read models caught up');
  });
  const names = [...projections, ...runners].map((projection) => projection.name);
  // Both lag gauges of one scrape share one measurement.
  let measured: { at: number; lag: ReturnType<typeof measureLag> } | undefined;
  const lag = () => {
    if (!measured || Date.now() - measured.at > 1000) measured = { at: Date.now(), lag: measureLag(infrastructure.store, db, names) };
    return measured.lag;
  };
  metrics.gauge(
    'hostel_projection_lag_events',
    'Events in the log after each projection’s checkpoint (10000: at least that many)',
    ['projection'],
    async (gauge) => {
      for (const { projection, events } of await lag()) gauge.set({ projection }, events);
    },
  );
  metrics.gauge('hostel_projection_lag_seconds', 'How long the oldest event each projection has not applied has waited', ['projection'], async (gauge) => {
    for (const { projection, seconds } of await lag()) gauge.set({ projection }, seconds);
  });
  const { app } = await createHttpServer({
    logger: log,
    // No route here takes a token.
    verifyAccessToken: async () => undefined,
    appOrigins: [],
    ready: () => caughtUp,
    health: () => infrastructure.health(),
    metrics,
  });
  await app.listen({ port: config.PORT, host: '0.0.0.0' });
  return async () => {
    await app.close();
    // Each projection finishes its batch (it commits with its checkpoint, or not at all).
    await projector.stop();
    await infrastructure.close();
    metrics.close();
  };
});
