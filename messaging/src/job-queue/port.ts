/**
 * The job-queue port: named queues of JSON jobs, each identified by a caller-chosen id.
 *
 * Policies derive the job id from the event that triggered them, so a replayed or repeated
 * trigger enqueues nothing new. Handlers must still be idempotent: a job can run again after a
 * crash mid-handler (at-least-once delivery).
 */
export interface JobQueue {
  /**
   * Adds a job to the queue `name`, unless a job with the same `jobId` is already in that queue
   * (waiting, running, or finished within the retention window): then nothing happens and the
   * answer is `{ enqueued: false }`. `data` must survive JSON; the handler receives a JSON copy.
   */
  enqueue(name: string, data: unknown, options: { jobId: string }): Promise<{ enqueued: boolean }>;
  /**
   * Runs `handler` for every job of queue `name`, one job at a time (per process) in enqueue
   * order. A handler that rejects is retried with exponential backoff (the jobs behind it go on
   * meanwhile) until its attempts are spent; then the job is reported to `onError` and kept as
   * failed, so its id still deduplicates. One handler per name and queue instance.
   */
  process(name: string, handler: JobHandler): void;
  /** Stops taking jobs, waits for the running ones to finish and releases connections. */
  close(): Promise<void>;
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
  /** Runs per job, the first included. Default 3. */
  attempts?: number;
  /** Wait before the first retry; doubled for each further one. Default 1000 ms. */
  backoffMs?: number;
  /** How long a finished (completed or failed) job id keeps deduplicating. Default 7 days. */
  retainFinishedForMs?: number;
  /**
   * Told about a job whose last attempt failed (with `jobId`) and about infrastructure errors
   * (without). Default: `console.error`.
   */
  onError?: (error: unknown, context: { queue: string; jobId?: string }) => void;
}

/** Options with every default filled in; shared by the adapters so they behave alike. */
export function resolveJobQueueOptions(options: JobQueueOptions): Required<JobQueueOptions> {
  return {
    attempts: options.attempts ?? 3,
    backoffMs: options.backoffMs ?? 1000,
    retainFinishedForMs: options.retainFinishedForMs ?? 7 * 24 * 60 * 60 * 1000,
    onError:
      options.onError ??
      ((error, { queue, jobId }) => console.error(`job queue ${queue}${jobId ? ` job ${jobId}` : ''} failed:`, error)),
  };
}

