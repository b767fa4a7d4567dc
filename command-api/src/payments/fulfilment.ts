import { type Badge, badgeRank, MIN_POSITION_WAIT_MS } from '@hostel/contracts';
import { loadState, paymentDecider, paymentStream, userDecider, userStream } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import { comparePositions, parsePosition } from '@hostel/eventstore';
import { readUntil } from '../read-until';

/** How often the bounded wait for the badge looks at the log again. */
const RECHECK_MS = 20;

/** The later of two positions: the next reads must see both the payment and the badge. */
function later(a: string | undefined, b: string | undefined): string | undefined {
  const [first, second] = [a, b].map((text) => (text ? parsePosition(text) : undefined));
  if (!first || !second) return a ?? b;
  return comparePositions(first, second) >= 0 ? a : b;
}

export type Fulfilment = { granted: true; held: Badge; position: string | undefined } | { granted: false; position: string | undefined };

/**
 * Waits (bounded, like a read with X-Min-Position) until the payment is recorded and the member
 * holds its badge or a better one, so "You are now a … member" is only said when true. The grant is
 * the grant-badge policy's, so it lands a moment after the payment; a lesser plan bought on a better
 * badge grants nothing and needs no wait. Answers the badge held and a position past both the
 * payment and the grant; when time ran out, not granted, with the payment's position (the grant
 * still lands, pushed live).
 */
export async function awaitFulfilment(store: EventStore, userId: string, paymentId: string, bought: Badge): Promise<Fulfilment> {
  const { payment, user, held, granted } = await readUntil(
    async () => {
      const [payment, user] = await Promise.all([
        loadState(store, paymentStream(paymentId), paymentDecider),
        loadState(store, userStream(userId), userDecider),
      ]);
      const held = user.state.exists ? user.state.badge : null;
      const recorded = payment.state.status === 'paid';
      return { payment, user, held, granted: recorded && badgeRank(held) >= badgeRank(bought) };
    },
    (read) => read.granted,
    MIN_POSITION_WAIT_MS,
    RECHECK_MS,
  );
  return granted && held ? { granted, held, position: later(user.position, payment.position) } : { granted: false, position: payment.position };
}
