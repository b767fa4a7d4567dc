import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { resolveJobQueueOptions, type JobCount, type JobQueue, type JobQueueOptions } from './port';

export interface BullMqJobQueueOptions extends JobQueueOptions {
  /**
   * A Redis URL (the queue opens and closes its own connection) or an ioredis client the caller
   * owns and closes; such a client must be created with `maxRetriesPerRequest: null`.
   */
  connection: string | Redis;
  /** Namespace of every Redis key the queues use. Default `hostel-jobs`. */
  prefix?: string;
  /** Wait before the first retry; doubled for each further one. Default 1000 ms. */
  backoffMs?: number;
}

/** What is stored in Redis: the caller's id travels with the data (BullMQ's id is an encoding of it). */
interface Envelope {
  jobId: string;
  data: unknown;
}

/**
 * BullMQ ids may be neither integers nor contain `:`, and queue names no `:`; ours may be any
 * string. `encodeURIComponent` is injective and removes `:`, the `~` prefix rules out integers.
 */
const bullName = (name: string) => `~${encodeURIComponent(name)}`;

/**
 * The job queue of the distributed mode: BullMQ on Redis. Jobs survive restarts of any process
 * as far as Redis keeps them: run Redis with append-only persistence (`appendonly yes`,
 * `appendfsync everysec` or `always`), or a job stored just before a Redis crash is lost. Several
 * processes may work the same queue; a job whose worker died is
 * taken up again once its lock expires (BullMQ's stalled-job check).
 */
export function createBullMqJobQueue(options: BullMqJobQueueOptions): JobQueue {
  const { attempts, concurrency, onError } = resolveJobQueueOptions(options);
  const backoffMs = options.backoffMs ?? 1000;
  const prefix = options.prefix ?? 'hostel-jobs';
  const ownsConnection = typeof options.connection === 'string';
  const connection = typeof options.connection === 'string' ? new Redis(options.connection, { maxRetriesPerRequest: null }) : options.connection;
  const queues = new Map<string, Queue<Envelope>>();
  const workers: Worker<Envelope>[] = [];
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
          // A completed job is forgotten (its id may run again: handlers are idempotent); a failed
          // one is kept for inspection until it is queued again.
          removeOnComplete: true,
          removeOnFail: false,
        },
      });
      queue.on('error', (error) => onError(error, { queue: name }));
      queues.set(name, queue);
    }
    return queue;
  }

  return {
    // `within` cannot join a Redis write: the job is stored before this answers, ahead of the caller's commit.
    async enqueue(name, data, { jobId }) {
      if (closed) throw new Error('job queue is closed');
      const queue = queueFor(name);
      const bullId = bullName(jobId);
      // BullMQ ignores an add whose id exists: a waiting job covers it, a failed one gets new attempts.
      const existing = await queue.getJob(bullId);
      if (existing && (await existing.isFailed())) {
        await existing.retry('failed', { resetAttemptsMade: true });
        return;
      }
      await queue.add(name, { jobId, data }, { jobId: bullId });
    },

    async work(handlers) {
      if (closed) throw new Error('job queue is closed');
      if (workers.length > 0) throw new Error('this queue already works its jobs');
      for (const [name, handler] of Object.entries(handlers)) {
        const worker = new Worker<Envelope>(bullName(name), (job) => handler(job.data.data, { id: job.data.jobId, attempt: job.attemptsMade + 1 }), {
          connection,
          prefix,
          concurrency,
        });
        worker.on('failed', (job, error) => {
          if (job && job.attemptsMade >= attempts) onError(error, { queue: name, jobId: job.data.jobId });
        });
        worker.on('error', (error) => onError(error, { queue: name }));
        workers.push(worker);
      }
    },

    async counts(names) {
      const counts = await Promise.all(
        names.map(async (name) => {
          const found = await queueFor(name).getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed');
          const count = (...states: string[]) => states.reduce((sum, state) => sum + (found[state] ?? 0), 0);
          return [
            { queue: name, state: 'waiting', count: count('waiting', 'prioritized') },
            { queue: name, state: 'delayed', count: count('delayed') },
            { queue: name, state: 'active', count: count('active') },
            { queue: name, state: 'failed', count: count('failed') },
          ] satisfies JobCount[];
        }),
      );
      return counts.flat();
    },

    close() {
      closed = true;
      closing ??= (async () => {
        // Worker.close waits for the job it is running.
        await Promise.all(workers.map((worker) => worker.close()));
        await Promise.all([...queues.values()].map((queue) => queue.close()));
        if (ownsConnection) await connection.quit();
      })();
      return closing;
    },
  };
}
