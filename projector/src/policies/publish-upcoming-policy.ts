import { JOBS, jobId } from '@hostel/contracts';
import type { JobQueue } from '@hostel/messaging/job-queue';
import type { Projection } from '../runtime/projection';

/**
 * A policy runs like a projection (its own checkpoint, one active instance, never during a rebuild)
 * but writes no table: it queues commands. It queues inside the batch, before the checkpoint
 * commits, so a crash can only queue a job again, never lose it; the job id derived from the event
 * makes the repeat a no-op, and the commands are idempotent besides.
 *
 * At the like threshold the meal is published; once published, it is listed in the catalogue.
 */
export function publishUpcomingPolicy(queue: JobQueue): Projection {
  return {
    name: 'policy:publish-upcoming',
    handles: ['UpcomingMealThresholdReached', 'UpcomingMealPublished'],
    tables: [],
    async apply(_trx, event) {
      if (event.type === 'UpcomingMealThresholdReached') {
        await queue.enqueue(JOBS.publishUpcoming, { upcomingId: event.data.upcomingId }, { jobId: jobId(JOBS.publishUpcoming, event.data.upcomingId) });
      } else if (event.type === 'UpcomingMealPublished') {
        await queue.enqueue(JOBS.listPublishedMeal, { upcomingId: event.data.upcomingId }, { jobId: jobId(JOBS.listPublishedMeal, event.data.upcomingId) });
      }
    },
  };
}
