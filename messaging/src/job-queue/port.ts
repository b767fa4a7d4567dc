import type { Kysely } from 'kysely';

/**
 * The job-queue port: named queues of JSON jobs, each identified by a caller-chosen id.
 *
 * Policies derive the job id from the event that triggered them, so a trigger seen again while its
 * job waits queues nothing new. Delivery is at least once: a job runs again after a crash
 * mid-handler, and an id whose job has completed may be queued and run again (a reconciliation),
 * so handlers must be idempotent.
 */
export interface JobQueue {
  /**
   * Adds a job to the queue `name`, unless a job with the same `jobId` already waits there (then
   * the one run covers both). A job whose attempts were spent is given a fresh set. `data` must
   * survive JSON; the handler receives a JSON copy.
   *
   * `within` is the caller's open database transaction: the PostgreSQL adapter adds the job inside
   * it, so the job exists exactly when that transaction commits. The BullMQ adapter cannot join it
   * and stores the job before answering, so the caller's commit comes after the job is durable.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's transaction
  enqueue(name: string, data: unknown, options: { jobId: string; within?: Kysely<any> }): Promise<void>;
  /**
   * Runs each queue's handler for its jobs, up to `concurrency` at once (with 1, one at a time in
   * enqueue order). A handler that rejects is retried with backoff (other jobs go on meanwhile)
   * until its attempts are spent; then the job is reported to `onError` and kept as failed. Called
   * once per queue instance; an instance that never calls it only enqueues.
   */
  work(handlers: Record<string, JobHandler>): Promise<void>;
  /** How many jobs each of `queues` holds, by state (for metrics: a queue's depth and its jobs kept failed). */
  counts(queues: readonly string[]): Promise<JobCount[]>;
  /** Stops taking jobs, waits for the running ones to finish and releases connections. */
  close(): Promise<void>;
}

export interface JobCount {
  queue: string;
  /** waiting: due and not taken; delayed: waiting for a retry's backoff; active: running; failed: attempts spent. */
  state: 'waiting' | 'delayed' | 'active' | 'failed';
  count: number;
}

export interface JobInfo {
  /** The id given to `enqueue`. */
  id: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
}

export type JobHandler = (data: unknown, job: JobInfo) => Promise<void>;

/** What both adapters accept besides their connection. */
export interface JobQueueOptions {
  /** Runs per job, the first included. Default 10: a grant or a publication outlasts a long outage. */
  attempts?: number;
  /**
   * Jobs a working instance runs at once (BullMQ: per queue). Default 4: the commands of different
   * members do not wait for each other. With 1, jobs run one at a time in enqueue order.
   */
  concurrency?: number;
  /**
   * Told about a job whose last attempt failed (with `jobId`) and about infrastructure errors
   * (without). Default: `console.error`.
   */
  onError?: (error: unknown, context: { queue: string; jobId?: string }) => void;
}

/** Options with every default filled in; shared by the adapters so they behave alike. */
export function resolveJobQueueOptions(options: JobQueueOptions): Required<JobQueueOptions> {
  return {
    attempts: options.attempts ?? 10,
    concurrency: options.concurrency ?? 4,
    onError: options.onError ?? ((error, { queue, jobId }) => console.error(`job queue ${queue}${jobId ? ` job ${jobId}` : ''} failed:`, error)),
  };
}
