import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, membershipCharge, streamName } from '@hostel/contracts';
import { createBullMqJobQueue, createPostgresJobQueue } from '@hostel/messaging/job-queue';
import { connectTestRedis } from '@hostel/platform/testing';
import type { JobQueue } from '@hostel/messaging/job-queue';
import { grantBadge } from '../src/policies/grant-badge-policy';
import { rebuildReadModels } from '../src/rebuild-cli';
import { readCheckpoint } from '../src/runtime/checkpoints';
import { policyRunner } from '../src/runtime/policy';
import type { RunningProjection } from '../src/runtime/run-projection';
import { runProjection } from '../src/runtime/run-projection';
import { createProjectorDatabase, waitForCheckpoint } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { domainEvent } from './user-events';

/**
 * Policies through the real runtime, with both job-queue adapters (graphile-worker in the read
 * models' PostgreSQL, and BullMQ on the machine's Redis): what a policy queues is seen by the worker
 * side as job runs.
 */
const log = pino({ level: 'silent' });
const policyName = `policy:${grantBadge.name}`;

let database: ProjectorDatabase;
let redis: Awaited<ReturnType<typeof connectTestRedis>>;
const opened: JobQueue[] = [];
const running = new Set<RunningProjection>();

beforeAll(async () => {
  redis = await connectTestRedis('test-policies');
  database = await createProjectorDatabase();
});
// Each test's workers stop with it, so no earlier worker takes a later test's jobs.
afterEach(async () => {
  await Promise.all([...running].map((runner) => runner.stop()));
  await Promise.all(opened.splice(0).map((queue) => queue.close()));
});
afterAll(async () => {
  await redis?.drop();
  await database?.close();
});

/** Every grant-badge job a queue ran, and a way to wait for the run of one job id. */
async function grantWorker(queue: JobQueue) {
  const runs: { id: string; data: unknown }[] = [];
  const waiters = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const waiter = (id: string) => {
    if (!waiters.has(id)) {
      let resolve!: () => void;
      waiters.set(id, { promise: new Promise<void>((done) => (resolve = done)), resolve });
    }
    return waiters.get(id)!;
  };
  await queue.work({
    [JOBS.grantBadge]: async (data, job) => {
      runs.push({ id: job.id, data });
      waiter(job.id).resolve();
    },
  });
  return { runs, ran: (id: string) => waiter(id).promise, ids: () => runs.map((run) => run.id) };
}

/** Runs the grant-badge policy on `queue`, as the projector does. */
function startPolicy(queue: JobQueue) {
  const runner = runProjection(policyRunner(grantBadge, queue), { store: database.store, db: database.db, log, batchSize: 50 });
  running.add(runner);
  return {
    caughtUp: runner.caughtUp,
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
    ...membershipCharge('Gold'),
    provider: 'sandbox',
    providerRef: `sandbox_${paymentId}`,
    paidAt: new Date().toISOString(),
  });
  const { position } = await database.store.append(streamName('payment', paymentId), [event], { expectedVersion: 'no_stream' });
  return { paymentId, userId, position, jobId: `${JOBS.grantBadge}:${paymentId}` };
}

/** Each call opens a new queue instance on the adapter's shared store, as a (re)started process would. */
const adapters: [string, () => Promise<JobQueue>][] = [
  ['graphile-worker in PostgreSQL', () => createPostgresJobQueue({ pool: database.pool })],
  ['BullMQ on Redis', async () => createBullMqJobQueue({ connection: redis.url, prefix: redis.prefix, backoffMs: 5 })],
];
const open = async (adapter: () => Promise<JobQueue>) => {
  const queue = await adapter();
  opened.push(queue);
  return queue;
};

describe.sequential('policies', () => {
  for (const [label, adapter] of adapters) {
    it(`${label}: each payment's job runs once, through a restart of the policy, and a job queued while no worker ran runs later`, async () => {
      // given the policy running and a worker, and a payment whose grant job has run
      // (the log already holds earlier tests' payments: the policy is past them)
      let policy = startPolicy(await open(adapter));
      await policy.caughtUp;
      const workerQueue = await open(adapter);
      const worker = await grantWorker(workerQueue);
      const first = await recordPayment();
      await worker.ran(first.jobId);
      expect(worker.runs.find((run) => run.id === first.jobId)?.data).toEqual({
        paymentId: first.paymentId,
        userId: first.userId,
        badge: 'gold',
        trace: { correlationId: expect.any(String), causationId: expect.any(String) },
      });

      // when the policy restarts (from its checkpoint), and a payment comes while no worker runs
      await policy.stop();
      policy = startPolicy(await open(adapter));
      await workerQueue.close();
      const second = await recordPayment();
      await waitForCheckpoint(database.db, policyName, second.position);
      const restartedWorker = await grantWorker(await open(adapter));
      await restartedWorker.ran(second.jobId);

      // then the first payment's job did not run again, and the second's ran once, on the new worker
      expect(worker.ids().filter((id) => id === first.jobId)).toHaveLength(1);
      expect(restartedWorker.ids()).toEqual([second.jobId]);
      await policy.stop();
    });
  }

  it('a rebuild fires no policy and leaves its checkpoint alone', async () => {
    // given the policy running and having queued a grant
    const queue = await open(adapters[0]![1]);
    const worker = await grantWorker(queue);
    const policy = startPolicy(queue);
    await policy.caughtUp;
    const paid = await recordPayment();
    await worker.ran(paid.jobId);
    await waitForCheckpoint(database.db, policyName, paid.position);
    const checkpoint = await readCheckpoint(database.db, policyName);
    const ranBefore = worker.ids();

    // when every read model is rebuilt, as `npm run rebuild` does
    await rebuildReadModels({ store: database.store, db: database.db });

    // then the policy's checkpoint has not moved, and nothing was queued
    expect(await readCheckpoint(database.db, policyName)).toEqual(checkpoint);
    const next = await recordPayment();
    await worker.ran(next.jobId);
    expect(worker.ids()).toEqual([...ranBefore, next.jobId]);
    await policy.stop();
  });
});
