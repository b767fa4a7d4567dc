import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { commandApi, commandApiMigrations, createMemoryLoginThrottle, createRedisLoginThrottle, loadSigningKey, registerWorkers } from '@hostel/command-api';
import type { CommandTables } from '@hostel/command-api';
import { LIVE_COALESCE_MS } from '@hostel/contracts';
import type { ReadModelTables } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { migrateEventStore } from '@hostel/eventstore/postgres';
import { openEventStore } from '@hostel/platform/event-store';
import { createBullMqJobQueue, createInProcessJobQueue } from '@hostel/messaging/job-queue';
import { coalesceChanges, createRedisEmitterPublisher, createSocketIoPublisher } from '@hostel/messaging/live';
import type { Config } from '@hostel/platform/config';
import { createDb, createPool, migrate } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import type { RouteAccess } from '@hostel/platform/http';
import { createAccessTokenVerifier, publicJwks } from '@hostel/platform/tokens';
import { policies, policyRunner, projectorMigrations, startProjector } from '@hostel/projector';
import { createLiveServer, createPositionWaiter, readApi } from '@hostel/read-api';
import { serveWebApp, webAppFallback } from './web-app';

export interface Services {
  app: FastifyInstance;
  /** Every HTTP route with its declared access: the authorization matrix walks it. */
  routes: RouteAccess[];
  store: EventStore;
  /** The command side's own tables (media, sessions): the demo seed stores its images there. */
  commandDb: Kysely<CommandTables>;
  /** The read models. */
  db: Kysely<ReadModelTables>;
  /** Resolves once every projection has caught up with the log (then /health answers 200). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Every service in one process and one Fastify server: command-api, read-api (with socket.io),
 * the projector, and the built web app. The ports get their embedded adapters unless the
 * configuration names the distributed ones (EVENT_STORE=kurrentdb, REDIS_URL).
 */
export async function startServices(options: {
  databaseUrl: string;
  config: Config;
  logger: Logger;
  webDist?: string;
  /** Runs before the projector starts, so /health answers 200 only once what it wrote is readable (the demo seed). */
  seed?: (deps: { store: EventStore; commandDb: Kysely<CommandTables> }) => Promise<void>;
}): Promise<Services> {
  const { config, logger: log } = options;
  const pool = createPool(options.databaseUrl, 20);
  // One pool, two typed views: the command side's own tables and the read models.
  const commandDb = createDb<CommandTables>(pool);
  const db = createDb<ReadModelTables>(pool);
  await migrateEventStore(pool);
  await migrate(commandDb, 'command_api', commandApiMigrations);
  await migrate(db, 'projector', projectorMigrations);

  const store = await openEventStore(config, pool);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }) : undefined;
  const signingKey = await loadSigningKey(commandDb, config.JWT_PRIVATE_JWK);
  const verifyAccessToken = createAccessTokenVerifier(publicJwks(signingKey));
  const appOrigins = (config.APP_ORIGIN ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

  const { app, routes } = await createHttpServer({
    logger: log,
    verifyAccessToken,
    appOrigins,
    allowStripe: Boolean(config.STRIPE_SECRET_KEY),
    ...(options.webDist ? { notFoundFallback: webAppFallback(options.webDist) } : {}),
  });
  let ready = false;
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) =>
    ready ? { status: 'ok' } : reply.code(503).send({ message: 'Starting: the read models are catching up' }),
  );
  await app.register(async (scope) =>
    commandApi(scope, { store, db: commandDb, config, signingKey, throttle: redis ? createRedisLoginThrottle(redis) : createMemoryLoginThrottle() }),
  );
  const waiter = await createPositionWaiter(db, options.databaseUrl);
  await app.register(async (scope) => readApi(scope, { db, waiter }));
  if (options.webDist) await serveWebApp(app, options.webDist);
  await app.ready();

  const live = await createLiveServer(app.server, {
    verifyAccessToken,
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
    ...(appOrigins.length ? { corsOrigin: appOrigins } : {}),
  });
  const publisher = coalesceChanges(redis ? createRedisEmitterPublisher(redis) : createSocketIoPublisher(live), LIVE_COALESCE_MS);
  await options.seed?.({ store, commandDb });
  // Policies queue commands; the command side's worker runs them (BullMQ across processes with Redis).
  const jobs = redis ? createBullMqJobQueue({ connection: redis }) : createInProcessJobQueue();
  registerWorkers(jobs, store);
  const projector = startProjector({
    store,
    db,
    log,
    publish: (message) => publisher.publish(message.room, message.event, message.payload),
    policies: policies.map((policy) => policyRunner(policy, jobs)),
  });
  const caughtUp = projector.caughtUp.then(() => {
    ready = true;
  });

  return {
    app,
    routes,
    store,
    commandDb,
    db,
    ready: caughtUp,
    async close() {
      await projector.stop();
      await jobs.close();
      await live.close();
      await app.close();
      await waiter.close();
      await store.close();
      redis?.disconnect();
      await pool.end();
    },
  };
}
