import { z } from 'zod';

/**
 * Commands the projector's policies queue for the command-api's worker. The job id is derived from
 * the triggering event (`<queue>:<upcomingId>`), so a replayed or repeated trigger queues nothing new.
 */
export const JOBS = {
  /** An upcoming meal reached the like threshold: publish it. */
  publishUpcoming: 'publish-upcoming',
  /** An upcoming meal was published: list it in the catalogue. */
  listPublishedMeal: 'list-published-meal',
} as const;
export const UpcomingJob = z.object({ upcomingId: z.string() });
export const jobId = (queue: (typeof JOBS)[keyof typeof JOBS], upcomingId: string) => `${queue}:${upcomingId}`;
