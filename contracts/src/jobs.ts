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
export const UpcomingJob = z.object({ upcomingId: z.string() });
export const GrantBadgeJob = z.object({ paymentId: z.string(), userId: z.string(), badge: z.enum(BADGES) });
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
