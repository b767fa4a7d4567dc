import type { Policy } from './runtime/policy';
import { grantBadge } from './policies/grant-badge-policy';
import { publishUpcoming } from './policies/publish-upcoming-policy';

/** Every policy: started with the projections on a job queue (`policyRunner`), never replayed by a rebuild. A new policy joins here. */
export const policies: readonly Policy[] = [grantBadge, publishUpcoming];
