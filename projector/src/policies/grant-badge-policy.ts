import { BADGES, JOBS } from '@hostel/contracts';
import type { Badge } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Policy } from '../runtime/policy';

/** A badge's rank (bronze 1 … platinum 4; none 0), in SQL. */
const rank = (badge: ReturnType<typeof sql.ref>) => sql<number>`coalesce(array_position(${sql.val([...BADGES])}::text[], ${badge}), 0)`;

/**
 * A recorded payment grants its badge (GrantBadge on the member's stream, by the command-api's
 * worker). As a policy, the grant survives a crash right after the payment was recorded: the trigger
 * is in the log, and the job is queued with the policy's checkpoint. One job per payment
 * (`grant-badge:<paymentId>`).
 */
export const grantBadge: Policy = {
  name: 'grant-badge',
  reactions: {
    PaymentSucceeded: ({ data: { paymentId, userId, badge } }) => ({ queue: JOBS.grantBadge, data: { paymentId, userId, badge }, triggerId: paymentId }),
  },
  // A payment whose member holds a lesser badge than it bought has not been granted yet.
  async reconcile(db) {
    const rows = await db
      .selectFrom('payments')
      .innerJoin('users', 'users.id', 'payments.user_id')
      .select(['payments.id', 'payments.user_id', 'payments.badge'])
      .where(({ eb }) => eb(rank(sql.ref('users.badge')), '<', rank(sql.ref('payments.badge'))))
      .execute();
    return rows.map((row) => ({ queue: JOBS.grantBadge, data: { paymentId: row.id, userId: row.user_id, badge: row.badge as Badge }, triggerId: row.id }));
  },
};
