import { afterAll, beforeAll } from 'vitest';
import { connectTestRedis } from '@hostel/platform/testing';
import { createBullMqJobQueue } from './bullmq-job-queue';
import { jobQueueContract } from './contract-suite';

let redis: Awaited<ReturnType<typeof connectTestRedis>>;
beforeAll(async () => {
  redis = await connectTestRedis('test-jobs');
});
afterAll(async () => redis?.drop());

jobQueueContract({ open: (options) => createBullMqJobQueue({ ...options, connection: redis.url, prefix: redis.prefix, backoffMs: 5 }) });
