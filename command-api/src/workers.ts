import { GrantBadgeJob, JOBS, UpcomingJob } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import type { JobQueue } from '@hostel/messaging/job-queue';
import { handleCommand } from './command-handler';
import { userStream } from './identity/user';
import { userDecider } from './identity/user-decider';
import { listPublishedMeal, publishUpcomingMeal } from './upcoming/publish';

/**
 * The command side of the projector's policies: each job runs one idempotent command, so a job run
 * twice (at-least-once delivery) changes nothing the second time.
 */
export function registerWorkers(queue: JobQueue, store: EventStore): void {
  queue.process(JOBS.grantBadge, async (data, job) => {
    const { paymentId, userId, badge } = GrantBadgeJob.parse(data);
    await handleCommand(store, userStream(userId), userDecider, { type: 'GrantBadge', userId, badge, paymentId }, { actor: 'system', correlationId: job.id, causationId: paymentId });
  });
  queue.process(JOBS.publishUpcoming, async (data, job) => {
    await publishUpcomingMeal(store, UpcomingJob.parse(data).upcomingId, 'system', { actor: 'system', correlationId: job.id });
  });
  queue.process(JOBS.listPublishedMeal, async (data, job) => {
    await listPublishedMeal(store, UpcomingJob.parse(data).upcomingId, { actor: 'system', correlationId: job.id });
  });
}
