import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, streamName } from '@hostel/contracts';
import { START } from '@hostel/eventstore';
import { createBullMqJobQueue, createInProcessJobQueue } from '@hostel/messaging/job-queue';
import type { JobInfo, JobQueue } from '@hostel/messaging/job-queue';
import { grantBadge } from '../src/policies/grant-badge-policy';
import { rebuildReadModels } from '../src/rebuild-cli';
import { readCheckpoint } from '../src/runtime/checkpoints';
import { policyRunner } from '../src/runtime/policy';
import { runProjection } from '../src/runtime/run-projection';
import type { RunningProjection } from '../src/runtime/run-projection';
import { createProjectorDatabase } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { domainEvent } from './user-events';

/**
 * Policies through the real runtime, with both job-queue adapters (in-process, and BullMQ on the
 * machine's Redis): what a policy queues is seen by the worker side as job runs.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-policies-${randomUUID()}`;
const log = pino({ level: 'silent' });
const policyName = `policy:${grantBadge.name}`;

let database: ProjectorDatabase;
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
const opened: JobQueue[] = [];
const running = new Set<RunningProjection>();

beforeAll(async () => {
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis is not reachable at ${redisUrl} (set REDIS_URL): ${String(error)}`, { cause: error });
  }
  database = await createProjectorDatabase();
});
afterAll(async () => {
  await Promise.all([...running].map((runner) => runner.stop()));
  await Promise.all(opened.map((queue) => queue.close()));
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
  await database?.close();
});

/** Every grant-badge job a queue ran, and a way to wait for the run of one job id. */
function grantWorker(queue: JobQueue) {
  const runs: { id: string; data: unknown }[] = [];
  const waiters = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const waiter = (id: string) => {
    if (!waiters.has(id)) {
      let resolve!: () => void;
      waiters.set(id, { promise: new Promise<void>((done) => (resolve = done)), resolve });
    }
    return waiters.get(id)!;
  };
  queue.process(JOBS.grantBadge, async (data: unknown, job: JobInfo) => {
    runs.push({ id: job.id, data });
    waiter(job.id).resolve();
  });
  return { runs, ran: (id: string) => waiter(id).promise, ids: () => runs.map((run) => run.id) };
}

/** Runs the grant-badge policy on `queue`, as the projector does. */
function startPolicy(queue: JobQueue) {
  const runner = runProjection(policyRunner(grantBadge, queue), { store: database.store, db: database.db, log, batchSize: 50 });
  running.add(runner);
  return {
    async stop() {
      await runner.stop();
      running.delete(runner);
    },
  };
}

async function recordPayment(userId = randomUUID()) {
  const paymentId = randomUUID();
  const event = domainEvent('PaymentSucceeded', {
    paymentId,
    userId,
    email: `${userId}@example.test`,
    package: 'Gold',
    badge: 'gold',
    amount: 3900,
    currency: 'usd',
    price: '$39',
    provider: 'sandbox',
    providerRef: `sandbox_${paymentId}`,
    paidAt: new Date().toISOString(),
  });
  await database.store.append(streamName('payment', paymentId), [event], { expectedVersion: 'no_stream' });
  return { paymentId, userId, jobId: `${JOBS.grantBadge}:${paymentId}` };
}

/** The policy's checkpoint moved back to the start: a crash lost its advance, or a new instance replays. */
async function rewindPolicy() {
  await database.db.updateTable('projection_checkpoints').set({ position_a: String(START.a), position_b: String(START.b) }).where('name', '=', policyName).execute();
}

const adapters: [string, () => { policyQueue: () => JobQueue; workerQueue: JobQueue }][] = [
  [
    'in-process queue',
    () => {
      // One process: the policy and the worker share the queue.
      const queue = createInProcessJobQueue({ backoffMs: 5 });
      opened.push(queue);
      return { policyQueue: () => queue, workerQueue: queue };
    },
  ],
  [
    'BullMQ on Redis',
    () => {
      // Separate processes: the worker's queue, and a new queue instance each time the projector (re)starts.
      const open = () => {
        const queue = createBullMqJobQueue({ connection: redisUrl, prefix, backoffMs: 5 });
        opened.push(queue);
        return queue;
      };
      return { policyQueue: open, workerQueue: open() };
    },
  ],
];

describe.sequential('policies', () => {
  for (const [label, open] of adapters) {
    it(`${label}: a replayed trigger queues nothing new`, async () => {
      // given the policy running, and a payment whose grant job has run
      await rewindPolicy();
      const { policyQueue, workerQueue } = open();
      const worker = grantWorker(workerQueue);
      // (the log already holds earlier tests' payments: they are queued and run too)
      let policy = startPolicy(policyQueue());
      const first = await recordPayment();
      await worker.ran(first.jobId);
      const before = worker.ids();
      expect(before.filter((id) => id === first.jobId)).toHaveLength(1);
      expect(worker.runs.find((run) => run.id === first.jobId)?.data).toEqual({ paymentId: first.paymentId, userId: first.userId, badge: 'gold' });

      // when the policy sees the whole log again (restarted from its start), then meets a new payment
      await policy.stop();
      await rewindPolicy();
      policy = startPolicy(policyQueue());
      const second = await recordPayment();
      await worker.ran(second.jobId);

      // then only the new payment's job ran: every replayed trigger had its job already
      expect(worker.ids()).toEqual([...before, second.jobId]);
      await policy.stop();
    });
  }

  it('a rebuild fires no policy and leaves its checkpoint alone', async () => {
    // given the policy running and having queued a grant
    await rewindPolicy();
    const queue = createInProcessJobQueue({ backoffMs: 5 });
    opened.push(queue);
    const worker = grantWorker(queue);
    let policy = startPolicy(queue);
    const paid = await recordPayment();
    await worker.ran(paid.jobId);
    const checkpoint = await readCheckpoint(database.db, policyName);
    const ranBefore = worker.ids();

    // when every read model is rebuilt, as `npm run rebuild` does
    await rebuildReadModels({ store: database.store, db: database.db });

    // then the policy's checkpoint has not moved, and nothing was queued
    expect(await readCheckpoint(database.db, policyName)).toEqual(checkpoint);
    expect(worker.ids()).toEqual(ranBefore);

    // and a restarted projector (a fresh in-process queue remembers no ids) queues only what is new
    await policy.stop();
    const fresh = createInProcessJobQueue({ backoffMs: 5 });
    opened.push(fresh);
    const freshWorker = grantWorker(fresh);
    policy = startPolicy(fresh);
    const next = await recordPayment();
    await freshWorker.ran(next.jobId);
    expect(freshWorker.ids()).toEqual([next.jobId]);
    await policy.stop();
  });
});
