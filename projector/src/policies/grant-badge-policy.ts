import { JOBS, jobId } from '@hostel/contracts';
import type { JobQueue } from '@hostel/messaging/job-queue';
import type { Projection } from '../runtime/projection';

/**
 * A recorded payment grants its badge. As a policy (see publish-upcoming-policy.ts), the grant
 * survives a crash right after the payment was recorded: the trigger is in the log, and the job is
 * queued before the policy's checkpoint moves past it.
 */
export function grantBadgePolicy(queue: JobQueue): Projection {
  return {
    name: 'policy:grant-badge',
    handles: ['PaymentSucceeded'],
    tables: [],
    async apply(_trx, event) {
      if (event.type !== 'PaymentSucceeded') return;
      const { paymentId, userId, badge } = event.data;
      await queue.enqueue(JOBS.grantBadge, { paymentId, userId, badge }, { jobId: jobId(JOBS.grantBadge, paymentId) });
    },
  };
}
