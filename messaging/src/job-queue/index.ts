/**
 * The job-queue port and its two adapters: graphile-worker in PostgreSQL (embedded default; a job
 * is added inside the caller's transaction) and BullMQ on Redis (distributed). Policies enqueue
 * commands with a deterministic job id; the command-api's workers run them.
 */
export type { JobCount, JobHandler, JobInfo, JobQueue, JobQueueOptions } from './port';
export { createBullMqJobQueue, type BullMqJobQueueOptions } from './bullmq-job-queue';
export { createPostgresJobQueue, type PostgresJobQueueOptions } from './postgres-job-queue';
