import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { JOBS, LIVE_COALESCE_MS } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { migrateEventStore } from '@hostel/eventstore/postgres';
import { createBullMqJobQueue, createPostgresJobQueue } from '@hostel/messaging/job-queue';
import type { JobQueue } from '@hostel/messaging/job-queue';
import { coalesceChanges, createRedisEmitterPublisher, createSocketIoPublisher } from '@hostel/messaging/live';
import type { LivePublisher } from '@hostel/messaging/live';
import type { Config } from './config';
import { closePool, createDb, createPool } from './db';
import { openEventStore } from './event-store';
import { instrumentEventStore } from './metrics';
import type { Metrics } from './metrics';

/** A dependency as readiness reports it. */
export type DependencyState = 'ok' | 'unreachable';

export interface Health {
  /** False while PostgreSQL or the event store cannot be reached: requests would fail. */
  ready: boolean;
  /**
   * Each dependency. Redis is reported but does not make a service unready: without it the live
   * push and the job queue wait (nothing is lost) while commands and reads go on.
   */
  checks: Record<string, DependencyState>;
}

/** How long a readiness probe waits for a dependency before calling it unreachable. */
const PROBE_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

/** What every entry point opens from its configuration. */
export interface Infrastructure {
  config: Config;
  log: Logger;
  /** The PostgreSQL of the read models and the command side's tables (and of the events with EVENT_STORE=postgres). */
  databaseUrl: string;
  pool: pg.Pool;
  /** A typed view of the pool. */
  db<Tables>(): Kysely<Tables>;
  store: EventStore;
  /** With REDIS_URL: shared by the job queue and the live fan-out; its commands wait for Redis to come back. */
  redis: Redis | undefined;
  /**
   * With REDIS_URL: a connection for work done inside a request (rate limits), which fails at once
   * while Redis is away instead of holding the request. Opened on first use.
   */
  requestRedis(): Redis | undefined;
  /** Whether PostgreSQL, the event store and Redis answer now (`/health/ready`). */
  health(): Promise<Health>;
  /**
   * The policies' job queue, opened on first use: BullMQ with REDIS_URL, else PostgreSQL in this
   * database (where a policy's job commits with its checkpoint).
   */
  jobQueue(): Promise<JobQueue>;
  /**
   * Where the projector pushes live messages: through Redis to every read-api's sockets with
   * REDIS_URL, else to this process's own socket.io server. A room's changes are coalesced per window.
   */
  livePublisher(local?: Parameters<typeof createSocketIoPublisher>[0]): LivePublisher;
  /** Closes what it opened, the job queue first (it waits for the jobs running). */
  close(): Promise<void>;
}

/**
 * The one composition of infrastructure: the embedded launcher and the three services each open
 * theirs here, from the same configuration and in the same way; the adapters the configuration
 * names are chosen here and nowhere else.
 */
export async function openInfrastructure(
  config: Config,
  options: {
    log: Logger;
    databaseUrl?: string;
    poolSize?: number;
    soleWorker?: boolean;
    /** Event-store appends and the job queue's depth are measured here. */
    metrics?: Metrics;
  },
): Promise<Infrastructure> {
  const databaseUrl = options.databaseUrl ?? config.DATABASE_URL;
  if (!databaseUrl) throw new Error('Configuration is not valid: DATABASE_URL must be set');
  const { log } = options;
  const pool = createPool(databaseUrl, options.poolSize ?? 10);
  if (config.EVENT_STORE === 'postgres') await migrateEventStore(pool);
  const opened = await openEventStore(config, pool);
  const store = options.metrics ? instrumentEventStore(opened, options.metrics) : opened;
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }) : undefined;
  // ioredis reports each failed reconnection; one line when it goes and one when it is back is enough.
  redis?.on('error', () => undefined);
  let redisWasReady = false;
  redis?.on('ready', () => {
    redisWasReady = true;
    log.info('Redis connected');
  });
  redis?.on('close', () => {
    if (redisWasReady) log.warn('Redis connection lost: live pushes and jobs wait for it to come back');
    redisWasReady = false;
  });
  let fastRedis: Redis | undefined;
  const onJobError = (error: unknown, context: { queue: string; jobId?: string }) => log.error({ err: error, ...context }, 'job failed');
  let jobs: Promise<JobQueue> | undefined;

  return {
    config,
    log,
    databaseUrl,
    pool,
    db: <Tables>() => createDb<Tables>(pool),
    store,
    redis,
    jobQueue() {
      // One process working the embedded database alone may take back the jobs a killed one left locked.
      if (!jobs) {
        jobs = redis
          ? Promise.resolve(createBullMqJobQueue({ connection: redis, onError: onJobError }))
          : createPostgresJobQueue({ pool, soleWorker: options.soleWorker ?? false, onError: onJobError });
        const opening = jobs;
        options.metrics?.gauge(
          'hostel_job_queue_depth',
          'Jobs in each queue by state (waiting, delayed, active, failed)',
          ['queue', 'state'],
          async (gauge) => {
            gauge.reset();
            // A scrape while Redis or PostgreSQL is away answers without the depth rather than not at all.
            const counts = await within((await opening).counts(Object.values(JOBS)), PROBE_MS).catch(() => []);
            for (const { queue, state, count } of counts) gauge.set({ queue, state }, count);
          },
        );
      }
      return jobs;
    },
    requestRedis() {
      if (!config.REDIS_URL) return undefined;
      fastRedis ??= new Redis(config.REDIS_URL, { maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: PROBE_MS });
      fastRedis.on('error', () => undefined);
      return fastRedis;
    },
    async health() {
      const probe = (check: () => Promise<unknown>) =>
        within(check(), PROBE_MS).then(
          (): DependencyState => 'ok',
          (): DependencyState => 'unreachable',
        );
      const checks: Record<string, DependencyState> = { postgres: await probe(() => pool.query('select 1')) };
      // KurrentDB: reading a stream that does not exist is an answer from the server.
      if (config.EVENT_STORE === 'kurrentdb') checks.kurrentdb = await probe(() => store.readStream('health-probe'));
      if (redis) checks.redis = redis.status === 'ready' ? 'ok' : 'unreachable';
      return { ready: checks.postgres === 'ok' && checks.kurrentdb !== 'unreachable', checks };
    },
    livePublisher(local) {
      if (redis) return coalesceChanges(createRedisEmitterPublisher(redis), LIVE_COALESCE_MS);
      if (!local) throw new Error('Live pushes need REDIS_URL, or a socket.io server in this process');
      return coalesceChanges(createSocketIoPublisher(local), LIVE_COALESCE_MS);
    },
    async close() {
      await (await jobs)?.close();
      await store.close();
      redis?.disconnect();
      fastRedis?.disconnect();
      await closePool(pool);
    },
  };
}
