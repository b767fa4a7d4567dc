import { z } from 'zod';
import { BADGES } from './constants';

/**
 * Commands the projector's policies queue for the command-api's worker. The job id is derived from
 * the triggering event (`<queue>:<id>`), so a replayed or repeated trigger queues nothing new.
 */
export const JOBS = {
  /** An upcoming meal reached the like threshold: publish it. */
  publishUpcoming: 'publish-upcoming',
  /** An upcoming meal was published: list it in the catalogue. */
  listPublishedMeal: 'list-published-meal',
  /** A membership was paid for: grant its badge. */
  grantBadge: 'grant-badge',
} as const;
/**
 * Why a job runs: the correlation id of the request that started it all, and the id of the event
 * that triggered it. The command the job runs carries both into its events' metadata, so one request
 * can be followed across streams (a like → the threshold → the publication → the catalogue entry).
 */
export const JobTrace = z.object({ correlationId: z.string(), causationId: z.string() });
export type JobTrace = z.infer<typeof JobTrace>;
export const UpcomingJob = z.object({ upcomingId: z.string(), trace: JobTrace.optional() });
export const GrantBadgeJob = z.object({ paymentId: z.string(), userId: z.string(), badge: z.enum(BADGES), trace: JobTrace.optional() });
export type JobName = (typeof JOBS)[keyof typeof JOBS];
/** The data each queue's jobs carry: policies build it, the worker parses it. */
export const jobData = {
  [JOBS.publishUpcoming]: UpcomingJob,
  [JOBS.listPublishedMeal]: UpcomingJob,
  [JOBS.grantBadge]: GrantBadgeJob,
} as const satisfies Record<JobName, z.ZodType>;
export type JobData<Q extends JobName> = z.infer<(typeof jobData)[Q]>;
/** `<queue>:<id of what triggered it>`: one job per trigger, however often the trigger is seen. */
export const jobId = (queue: JobName, triggerId: string) => `${queue}:${triggerId}`;
