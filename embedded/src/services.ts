import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { bearerTokenVerifier, commandApi, commandApiMigrations, loadSigningKey, startImageSweeper, startWorkers } from '@hostel/command-api';
import type { CommandTables, RateLimits, SendMail } from '@hostel/command-api';
import type { EventStore } from '@hostel/eventstore';
import type { Config } from '@hostel/platform/config';
import { migrate } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import type { RouteAccess } from '@hostel/platform/http';
import { endedSessionMigrations, watchEndedSessions } from '@hostel/platform/sessions';
import { policies, policyRunner, projectorMigrations, startProjector } from '@hostel/projector';
import { loadAuditKey, readApi, serveWebApp, startLiveServer, webAppFallback } from '@hostel/read-api';
import { createPositionWaiter } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { auditKeyFile } from './audit-key-file';

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
  /** Where mailed links go, in place of SMTP_URL or standard output (tests read the mail). */
  sendMail?: SendMail;
  /** false: this process only queues the policies' jobs, and another one works them. Default true. */
  workers?: boolean;
  /** Rate limits other than the defaults (docs/operations.md: "Rate limits"), and a Redis key prefix of this instance's own. */
  limits?: Partial<RateLimits>;
  limitsNamespace?: string;
  /** How long a command's answer waits for its events to be readable (default COMMAND_READABLE_WAIT_MS); 0 answers at once. */
  readableWaitMs?: number;
  /**
   * Where the newest signed audit checkpoint is also kept, out of the database's reach (npm start: in
   * DATA_DIR, whose database this is; audit:verify reads it there). Absent: in the database only.
   */
  auditHeadFile?: string;
}): Promise<Services> {
  const { config, logger: log } = options;
  // The only worker of its database: jobs a killed run left locked are taken back at once.
  const infrastructure = await openInfrastructure(config, { log, databaseUrl: options.databaseUrl, poolSize: 20, soleWorker: true });
  const { store, redis } = infrastructure;
  // One pool, two typed views: the command side's own tables and the read models.
  const commandDb = infrastructure.db<CommandTables>();
  const db = infrastructure.db<ReadModelTables>();
  await migrate(commandDb, 'command_api', commandApiMigrations);
  await migrate(db, 'projector', projectorMigrations);
  await migrate(db, 'sessions', endedSessionMigrations);

  const signingKey = await loadSigningKey(commandDb, config.JWT_PRIVATE_JWK);
  // One process: a sign-out ends the session for every check here at once.
  const endedSessions = await watchEndedSessions(infrastructure.db(), { onError: (error) => log.warn({ err: error }, 'reading ended sessions failed') });
  // Our access tokens, and Firebase ID tokens with FIREBASE_PROJECT_ID.
  const verifyAccessToken = bearerTokenVerifier({ config, store, db: commandDb, signingKey, endedSessions });
  const appOrigins = config.APP_ORIGIN;
  // The URL the launcher prints, unless APP_ORIGIN says where the app is: mailed links and pictures point there.
  const webOrigin = appOrigins[0] ?? `http://localhost:${config.PORT}`;

  let ready = false;
  const { app, routes } = await createHttpServer({
    logger: log,
    verifyAccessToken,
    appOrigins,
    imageOrigins: [webOrigin, ...config.IMAGE_URL_HOSTS.map((host) => `https://${host}`)],
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    allowStripe: Boolean(config.STRIPE_SECRET_KEY),
    ...(options.webDist ? { notFoundFallback: webAppFallback(options.webDist) } : {}),
    ready: () => ready,
  });
  // Read-your-writes: a command answers once the in-process projector has made its events readable.
  const waiter = await createPositionWaiter(db, options.databaseUrl);
  await app.register(async (scope) =>
    commandApi(scope, {
      store,
      waiter,
      ...(options.readableWaitMs !== undefined ? { readableWaitMs: options.readableWaitMs } : {}),
      db: commandDb,
      reads: db,
      config,
      webOrigin,
      signingKey,
      endedSessions,
      ...(redis ? { redis } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.limitsNamespace ? { limitsNamespace: options.limitsNamespace } : {}),
      ...(options.sendMail ? { sendMail: options.sendMail } : {}),
    }),
  );
  await app.register(async (scope) =>
    readApi(scope, {
      db,
      waiter,
      store,
      databaseUrl: options.databaseUrl,
      // Pictures as absolute URLs where the public origin is known (APP_ORIGIN; for another client named in
      // CORS_ORIGINS, the URL the launcher prints). Otherwise as recorded: a page shows them from its own
      // origin, whatever address it was opened at (a phone on the hostel's network, a benchmark's port).
      ...(appOrigins[0] || config.CORS_ORIGINS.length > 0 ? { mediaOrigin: webOrigin } : {}),
      // Beside the data, owner-only, created at the first start: never in the database it vouches for.
      auditKey: loadAuditKey({ jwk: config.AUDIT_SIGNING_KEY, file: auditKeyFile(config.DATA_DIR), create: true }),
      ...(options.auditHeadFile ? { checkpointHeadFile: options.auditHeadFile } : {}),
    }),
  );
  if (options.webDist) await serveWebApp(app, options.webDist);
  await app.ready();

  const live = await startLiveServer(app.server, { config, verifyAccessToken, endedSessions, log });
  const publisher = infrastructure.livePublisher(live);
  await options.seed?.({ store, commandDb });
  // Policies queue commands; the command side's workers run them. Embedded, the jobs live in the
  // read models' PostgreSQL and are added in the policy's checkpoint transaction; with Redis, BullMQ.
  const jobs = await infrastructure.jobQueue();
  if (options.workers !== false) await startWorkers(jobs, store);
  const projector = startProjector({
    store,
    db,
    log,
    publish: (message) => publisher.publish(message.room, message.event, message.payload),
    policies: policies.map((policy) => policyRunner(policy, jobs)),
  });
  // Images no event refers to go after a day (command-api/src/media/sweep-unused-images.ts).
  const imageSweeper = startImageSweeper({ store, db: commandDb, log });
  const caughtUp = projector.reconciled.then(() => {
    ready = true;
  });

  return {
    app,
    routes,
    store,
    commandDb,
    db,
    ready: caughtUp,
    // Drains first: answers in flight are given (their follow-ups still run), then the projector
    // stops and the jobs running finish.
    async close() {
      await imageSweeper.stop();
      // Live sockets go first, and none is taken from now on (an open socket keeps the HTTP server from
      // closing, and a browser told to go reconnects at once); then the HTTP server stops taking
      // connections and answers the requests in flight.
      live.letSocketsGo();
      await app.close();
      await live.close();
      await projector.stop();
      await waiter.close();
      await endedSessions.close();
      await infrastructure.close();
    },
  };
}
