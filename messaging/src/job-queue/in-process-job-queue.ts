import { resolveJobQueueOptions, type JobHandler, type JobQueue, type JobQueueOptions } from './port';

interface PendingJob {
  id: string;
  /** Stored as JSON, as Redis would, so the embedded mode rejects what the distributed one would. */
  json: string;
  attempt: number;
}

interface Lane {
  handler?: JobHandler;
  waiting: PendingJob[];
  running?: Promise<void>;
  /** Every id this queue still deduplicates: pending, running, or finished within retention. */
  ids: Set<string>;
  /** Finished ids in finish order, so expired ones are dropped from the front. */
  finished: { id: string; at: number }[];
}

/**
 * The job queue of the embedded mode. Same semantics as the BullMQ adapter, except that jobs and
 * remembered ids live in this process's memory: jobs not yet run when the process stops are lost,
 * and after a restart an id enqueues again. Pending retries are dropped by `close`.
 */
export function createInProcessJobQueue(options: JobQueueOptions = {}): JobQueue {
  const { attempts, backoffMs, retainFinishedForMs, onError } = resolveJobQueueOptions(options);
  const lanes = new Map<string, Lane>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let closed = false;
  let closing: Promise<void> | undefined;

  function laneFor(name: string): Lane {
    let lane = lanes.get(name);
    if (!lane) {
      lane = { waiting: [], ids: new Set(), finished: [] };
      lanes.set(name, lane);
    }
    return lane;
  }

  function forgetExpired(lane: Lane, now: number): void {
    while (lane.finished[0] && lane.finished[0].at <= now - retainFinishedForMs) {
      lane.ids.delete(lane.finished.shift()!.id);
    }
  }

  function markFinished(lane: Lane, id: string): void {
    lane.finished.push({ id, at: Date.now() });
  }

  function pump(name: string, lane: Lane): void {
    if (closed || lane.running || !lane.handler) return;
    const job = lane.waiting.shift();
    if (!job) return;
    lane.running = run(name, lane, lane.handler, job).finally(() => {
      lane.running = undefined;
      pump(name, lane);
    });
  }

  async function run(name: string, lane: Lane, handler: JobHandler, job: PendingJob): Promise<void> {
    try {
      await handler(JSON.parse(job.json), { id: job.id, attempt: job.attempt });
      markFinished(lane, job.id);
    } catch (error) {
      if (job.attempt >= attempts) {
        markFinished(lane, job.id);
        onError(error, { queue: name, jobId: job.id });
        return;
      }
      // Like BullMQ's delayed set: the job waits aside and the jobs behind it go on.
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        lane.waiting.push({ ...job, attempt: job.attempt + 1 });
        pump(name, lane);
      }, backoffMs * 2 ** (job.attempt - 1));
      retryTimers.add(timer);
    }
  }

  return {
    async enqueue(name, data, { jobId }) {
      if (closed) throw new Error('job queue is closed');
      const lane = laneFor(name);
      forgetExpired(lane, Date.now());
      if (lane.ids.has(jobId)) return { enqueued: false };
      const json = JSON.stringify(data);
      if (json === undefined) throw new TypeError(`job ${jobId}: data is not JSON`);
      lane.ids.add(jobId);
      lane.waiting.push({ id: jobId, json, attempt: 1 });
      // Started on a later tick, never inside the caller's `enqueue`.
      queueMicrotask(() => pump(name, lane));
      return { enqueued: true };
    },

    process(name, handler) {
      if (closed) throw new Error('job queue is closed');
      const lane = laneFor(name);
      if (lane.handler) throw new Error(`queue ${name} already has a handler`);
      lane.handler = handler;
      queueMicrotask(() => pump(name, lane));
    },

    close() {
      closed = true;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      closing ??= Promise.all([...lanes.values()].map((lane) => lane.running)).then(() => undefined);
      return closing;
    },
  };
}
