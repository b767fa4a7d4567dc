import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { resolveJobQueueOptions, type JobHandler, type JobQueue, type JobQueueOptions } from './port';

export interface BullMqJobQueueOptions extends JobQueueOptions {
  /**
   * A Redis URL (the queue opens and closes its own connection) or an ioredis client the caller
   * owns and closes; such a client must be created with `maxRetriesPerRequest: null`.
   */
  connection: string | Redis;
  /** Namespace of every Redis key the queues use. Default `hostel-jobs`. */
  prefix?: string;
}

/** What is stored in Redis: the caller's id travels with the data (BullMQ's id is an encoding of it). */
interface Envelope {
  jobId: string;
  data: unknown;
  /** Unique per `enqueue` call: tells whether the stored job is ours or an earlier one with the same id. */
  enqueueToken: string;
}

/**
 * BullMQ ids may be neither integers nor contain `:`, and queue names no `:`; ours may be any
 * string. `encodeURIComponent` is injective and removes `:`, the `~` prefix rules out integers.
 */
const bullName = (name: string) => `~${encodeURIComponent(name)}`;

/**
 * The job queue of the distributed mode: BullMQ on Redis. Jobs survive restarts of any process;
 * several processes may `process` the same queue (each runs one job at a time).
 */
export function createBullMqJobQueue(options: BullMqJobQueueOptions): JobQueue {
  const { attempts, backoffMs, retainFinishedForMs, onError } = resolveJobQueueOptions(options);
  const prefix = options.prefix ?? 'hostel-jobs';
  const ownsConnection = typeof options.connection === 'string';
  const connection =
    typeof options.connection === 'string'
      ? new Redis(options.connection, { maxRetriesPerRequest: null })
      : options.connection;
  // BullMQ deduplicates a job id only while the job exists: keep finished ones for the window.
  const keep = { age: Math.ceil(retainFinishedForMs / 1000) };
  const queues = new Map<string, Queue<Envelope>>();
  const workers = new Map<string, Worker<Envelope>>();
  let closed = false;
  let closing: Promise<void> | undefined;

  function queueFor(name: string): Queue<Envelope> {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue<Envelope>(bullName(name), {
        connection,
        prefix,
        defaultJobOptions: {
          attempts,
          backoff: { type: 'exponential', delay: backoffMs },
          removeOnComplete: keep,
          removeOnFail: keep,
        },
      });
      queue.on('error', (error) => onError(error, { queue: name }));
      queues.set(name, queue);
    }
    return queue;
  }

  return {
    async enqueue(name, data, { jobId }) {
      if (closed) throw new Error('job queue is closed');
      const queue = queueFor(name);
      const enqueueToken = randomUUID();
      const bullId = bullName(jobId);
      await queue.add(name, { jobId, data, enqueueToken }, { jobId: bullId });
      // BullMQ answers a duplicate add with the existing job's id and no flag: look at what is stored.
      const stored = await queue.getJob(bullId);
      return { enqueued: stored?.data.enqueueToken === enqueueToken };
    },

    process(name, handler: JobHandler) {
      if (closed) throw new Error('job queue is closed');
      if (workers.has(name)) throw new Error(`queue ${name} already has a handler`);
      const worker = new Worker<Envelope>(
        bullName(name),
        (job) => handler(job.data.data, { id: job.data.jobId, attempt: job.attemptsMade + 1 }),
        { connection, prefix, concurrency: 1, removeOnComplete: keep, removeOnFail: keep },
      );
      worker.on('failed', (job, error) => {
        if (job && job.attemptsMade >= attempts) onError(error, { queue: name, jobId: job.data.jobId });
      });
      worker.on('error', (error) => onError(error, { queue: name }));
      workers.set(name, worker);
    },

    close() {
      closed = true;
      closing ??= (async () => {
        // Worker.close waits for the job it is running.
        await Promise.all([...workers.values()].map((worker) => worker.close()));
        await Promise.all([...queues.values()].map((queue) => queue.close()));
        if (ownsConnection) await connection.quit();
      })();
      return closing;
    },
  };
}
