/**
 * The projector as its own process (distributed deployment): reads the configured event store,
 * writes the read models in DATABASE_URL, pushes live messages through Redis (REDIS_URL).
 */
import { Redis } from 'ioredis';
import pino from 'pino';
import { LIVE_COALESCE_MS } from '@hostel/contracts';
import type { ReadModelTables } from '@hostel/contracts';
import { createBullMqJobQueue } from '@hostel/messaging/job-queue';
import { coalesceChanges, createRedisEmitterPublisher } from '@hostel/messaging/live';
import { readConfig } from '@hostel/platform/config';
import { createDb, createPool, migrate } from '@hostel/platform/db';
import { onShutdown, openEventStore } from '@hostel/platform/event-store';
import { policies, policyRunner, startProjector } from './index';
import { projectorMigrations } from './migrations';

const config = readConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL must be set');
const log = pino({ level: config.LOG_LEVEL });
const pool = createPool(config.DATABASE_URL);
const db = createDb<ReadModelTables>(pool);
await migrate(db, 'projector', projectorMigrations);
const store = await openEventStore(config, pool);
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }) : undefined;
const publisher = redis ? coalesceChanges(createRedisEmitterPublisher(redis), LIVE_COALESCE_MS) : undefined;
// Policies queue commands for the command-api's workers: across processes that takes BullMQ on Redis.
const jobs = redis ? createBullMqJobQueue({ connection: redis }) : undefined;
if (!jobs) log.warn('REDIS_URL is not set: policies are off (no badge is granted for a payment, no upcoming meal is published at the like threshold)');
const projector = startProjector({
  store,
  db,
  log,
  publish: (message) => publisher?.publish(message.room, message.event, message.payload),
  policies: jobs ? policies.map((policy) => policyRunner(policy, jobs)) : [],
});
void projector.caughtUp.then(() => log.info('read models caught up'));
onShutdown(async () => {
  await projector.stop();
  await jobs?.close();
  await store.close();
  redis?.disconnect();
  await pool.end();
});
