import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createBullMqJobQueue } from './bullmq-job-queue';
import { jobQueueContract } from './contract-suite';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-jobs-${randomUUID()}`;
// Fails fast (no endless reconnects) so an absent Redis is reported, not waited for.
const admin = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });

beforeAll(async () => {
  try {
    await admin.connect();
    await admin.ping();
  } catch (error) {
    throw new Error(`Redis is not reachable at ${redisUrl} (set REDIS_URL): ${String(error)}`, { cause: error });
  }
});

afterAll(async () => {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await admin.quit();
});

jobQueueContract((options) => createBullMqJobQueue({ ...options, connection: redisUrl, prefix }));
