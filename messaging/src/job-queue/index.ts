/**
 * The job-queue port and its two adapters: BullMQ on Redis (distributed) and in-process
 * (embedded). Policies enqueue commands with a deterministic job id; the command-api worker
 * processes them.
 */
export type { JobHandler, JobInfo, JobQueue, JobQueueOptions } from './port';
export { createBullMqJobQueue, type BullMqJobQueueOptions } from './bullmq-job-queue';
export { createInProcessJobQueue } from './in-process-job-queue';
