import { JOBS, UpcomingJob } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import type { JobQueue } from '@hostel/messaging/job-queue';
import { listPublishedMeal, publishUpcomingMeal } from './publish';

/** The command side of the upcoming-meal policies: publish at the threshold, then list in the catalogue. */
export function registerUpcomingWorkers(queue: JobQueue, store: EventStore): void {
  queue.process(JOBS.publishUpcoming, async (data, job) => {
    await publishUpcomingMeal(store, UpcomingJob.parse(data).upcomingId, 'system', { actor: 'system', correlationId: job.id });
  });
  queue.process(JOBS.listPublishedMeal, async (data, job) => {
    await listPublishedMeal(store, UpcomingJob.parse(data).upcomingId, { actor: 'system', correlationId: job.id });
  });
}
