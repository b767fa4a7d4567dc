import { Logger, run, runMigrations } from 'graphile-worker';
import type { Runner, Task } from 'graphile-worker';
import { sql } from 'kysely';
import type pg from 'pg';
import { resolveJobQueueOptions, type JobCount, type JobHandler, type JobQueue, type JobQueueOptions } from './port';

export interface PostgresJobQueueOptions extends JobQueueOptions {
  /** The database the jobs live in (the caller owns and ends the pool). */
  pool: pg.Pool;
  /**
   * This process is the only one working this database's jobs (the embedded default): a job still
   * locked when it starts was left by a run that died (SIGKILL, power loss), so it is unlocked and
   * runs again at once instead of after graphile-worker's four-hour lock expiry.
   */
  soleWorker?: boolean;
}

/** What a job stores: the caller's id travels with the data (the job key is namespaced by queue). */
interface Envelope {
  jobId: string;
  data: unknown;
}

/**
 * The job queue of the embedded default: graphile-worker in the same PostgreSQL as the read models.
 * Adding a job is a row written inside the caller's transaction (`within`), so a policy's job and
 * its checkpoint commit together: a crash keeps both or neither, and nothing lives in memory.
 * Queues are graphile-worker tasks, not its named queues (which run one job at a time and wait a
 * poll between jobs: 30 payments took 2 s to grant 4); retries back off exponentially
 * (graphile-worker's e^attempt seconds).
 */
export async function createPostgresJobQueue(options: PostgresJobQueueOptions): Promise<JobQueue> {
  const { attempts, concurrency, onError } = resolveJobQueueOptions(options);
  const { pool } = options;
  const logger = new Logger(() => (level, message, meta) => {
    // Job failures are reported once, by the `job:failed` event below, when their attempts are spent.
    if ((level === 'error' || level === 'warning') && !meta?.failure) onError(new Error(message), { queue: 'graphile-worker' });
  });
  await runMigrations({ pgPool: pool, logger });
  let runner: Runner | undefined;
  let closed = false;
  let closing: Promise<void> | undefined;

  return {
    async enqueue(name, data, { jobId, within }) {
      if (closed) throw new Error('job queue is closed');
      const json = JSON.stringify({ jobId, data } satisfies Envelope);
      if (json === undefined) throw new TypeError(`job ${jobId}: data is not JSON`);
      // The key is unique across queues, so equal ids in two queues stay two jobs. The default
      // job_key_mode ('replace') keeps one waiting job per key and gives a failed one new attempts.
      const key = `${name}:${jobId}`;
      if (within) {
        await sql`select graphile_worker.add_job(${name}, ${json}::json, job_key => ${key}, max_attempts => ${attempts}::int)`.execute(within);
      } else {
        await pool.query('select graphile_worker.add_job($1, $2::json, job_key => $3, max_attempts => $4::int)', [name, json, key, attempts]);
      }
    },

    async work(handlers) {
      if (closed) throw new Error('job queue is closed');
      if (runner) throw new Error('this queue already works its jobs');
      if (options.soleWorker) {
        await pool.query('select graphile_worker.force_unlock_workers(array(select distinct locked_by from graphile_worker.jobs where locked_by is not null))');
      }
      const taskList = Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, toTask(handler)]));
      runner = await run({
        pgPool: pool,
        taskList,
        concurrency,
        noHandleSignals: true,
        pollInterval: 1000,
        logger,
      });
      runner.events.on('job:failed', ({ job, error }) => onError(error, { queue: job.task_identifier, jobId: (job.payload as Envelope).jobId }));
    },

    async counts(names) {
      const { rows } = await pool.query<{ queue: string; waiting: string; delayed: string; active: string; failed: string }>(
        `select task_identifier as queue,
                count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now()) as waiting,
                count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now()) as delayed,
                count(*) filter (where locked_at is not null) as active,
                count(*) filter (where locked_at is null and attempts >= max_attempts) as failed
           from graphile_worker.jobs where task_identifier = any($1) group by task_identifier`,
        [names],
      );
      return names.flatMap((name) => {
        const row = rows.find((candidate) => candidate.queue === name);
        return (['waiting', 'delayed', 'active', 'failed'] as const).map((state): JobCount => ({ queue: name, state, count: Number(row?.[state] ?? 0) }));
      });
    },

    close() {
      closed = true;
      // Runner.stop waits for the jobs that are running (graceful shutdown).
      closing ??= runner ? runner.stop() : Promise.resolve();
      return closing;
    },
  };
}

function toTask(handler: JobHandler): Task {
  return async (payload, helpers) => {
    const { jobId, data } = payload as Envelope;
    await handler(data, { id: jobId, attempt: helpers.job.attempts });
  };
}
