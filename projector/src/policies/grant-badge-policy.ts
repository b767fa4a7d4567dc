import { JOBS } from '@hostel/contracts';
import type { Policy } from '../runtime/policy';

/**
 * A recorded payment grants its badge (GrantBadge on the member's stream, by the command-api's
 * worker). As a policy, the grant survives a crash right after the payment was recorded: the trigger
 * is in the log, and the job is queued before the policy's checkpoint moves past it. One job per
 * payment (`grant-badge:<paymentId>`).
 */
export const grantBadge: Policy = {
  name: 'grant-badge',
  reactions: {
    PaymentSucceeded: ({ data: { paymentId, userId, badge } }) => ({ queue: JOBS.grantBadge, data: { paymentId, userId, badge }, triggerId: paymentId }),
  },
};
