import type { Badge, EventOf, PackageName } from '@hostel/contracts';
import { badgeRank, MEMBERSHIP_PACKAGES, streamName } from '@hostel/contracts';
import type { Decider } from '../kernel/decider';
import { exhaustive } from '../kernel/decider';
import { conflict, DomainError } from '../kernel/errors';
import { refuseUnlessUpgrade } from './payment';

/**
 * A member's purchases of memberships, decided on the member's own stream: a purchase is started there
 * (appended at the stream's version) before any card is charged, so of purchases sent at once only
 * one starts, whatever their packages or attempt keys, and the others are refused before the card
 * provider is asked anything. A purchase then ends: completed once its payment is recorded (the
 * payment's own stream, PaymentSucceeded), or failed when nothing was taken (declined, refused by the
 * provider, abandoned). Only then may the member buy again.
 *
 *   (none) --Started--> open --AwaitingProvider--> open (3-D Secure, processing)
 *                        open --Completed--> completed (the plan is theirs)
 *                        open --Failed--> failed (declined, refused, abandoned)
 *
 * A process that stops between the charge and the record leaves the purchase open: the same attempt
 * sent again resumes it (the provider's idempotency key is the purchase's), and a later purchase that
 * finds its payment recorded completes it first. One left open past PURCHASE_TIMEOUT_MS without an
 * outcome (a 3-D Secure step never finished, Stripe unreachable) no longer blocks: the next purchase abandons it, once the
 * provider confirms nothing will be taken.
 *
 * Sent at once means in flight together: a purchase is also refused when another purchase of the member,
 * started less than PURCHASE_LEASE_MS before, ended after this request arrived (it names the stream's
 * length it saw on arrival). Otherwise the loser that meets the winner's purchase ended (or paid and
 * completes it itself) would start its own as an upgrade: two charges for one click on each button. A
 * purchase left open by a stopped process is older than the lease by the time a member buys again, so the
 * request that completes or abandons it then goes on and starts its own.
 */

export type MembershipEvent =
  | EventOf<'MembershipPurchaseStarted'>
  | EventOf<'MembershipPurchaseAwaitingProvider'>
  | EventOf<'MembershipPurchaseCompleted'>
  | EventOf<'MembershipPurchaseFailed'>;

export type PurchaseOutcome = 'open' | 'completed' | 'failed';
export interface Purchase {
  paymentId: string;
  package: PackageName;
  startedAt: string;
  outcome: PurchaseOutcome;
  /** Stripe's PaymentIntent, once the provider has one waiting. */
  paymentIntentId?: string;
  /** Why it failed, as the member was told. */
  failure?: { reason: EventOf<'MembershipPurchaseFailed'>['data']['reason']; message: string };
  /** The stream's length just after this purchase's latest event. */
  changedAt: number;
}
export interface MembershipState {
  /** Every purchase by its payment id: an attempt sent again finds its own. */
  purchases: Record<string, Purchase>;
  /** The payment id of the purchase under way, if one is. */
  open: string | null;
  /** The best plan bought through this stream (the badge granted from it may still be on its way). */
  plan: PackageName | null;
  /** How many events the stream holds. */
  length: number;
}

/**
 * How long a purchase may stay without an outcome before the next one may abandon it: longer than a
 * call to Stripe can take with its retries (3 × 30 s), so one still being charged is never given up.
 */
export const PURCHASE_TIMEOUT_MS = 3 * 60_000;

/**
 * How long after its start a purchase counts as in flight: a request that saw it under way, or saw it end,
 * is refused rather than charged after it. Far longer than a sandbox purchase takes (milliseconds; seconds
 * under load), and shorter than a member takes to buy again after a purchase whose process stopped.
 */
export const PURCHASE_LEASE_MS = 30_000;

export const membershipStream = (userId: string) => streamName('membership', userId);

export type MembershipCommand =
  /**
   * Start buying `package` as the attempt `paymentId`, for a member holding `heldBadge` (the account's
   * badge as read just before), at `now`, by a request that arrived when the stream held `arrivedAt`
   * events. The same attempt again changes nothing (it is resumed).
   */
  | {
      type: 'StartPurchase';
      userId: string;
      paymentId: string;
      package: PackageName;
      provider: 'sandbox' | 'stripe';
      heldBadge: Badge | null;
      now: string;
      arrivedAt: number;
    }
  | { type: 'AwaitProvider'; userId: string; paymentId: string; paymentIntentId: string }
  | { type: 'CompletePurchase'; userId: string; paymentId: string }
  | { type: 'FailPurchase'; userId: string; paymentId: string; reason: 'declined' | 'refused' | 'abandoned'; message: string };

/**
 * Refused because another purchase of the member's is under way (`purchase`); `stale` when it has
 * been open past PURCHASE_TIMEOUT_MS, so the caller may abandon it (once the provider says nothing
 * will be taken) and start again.
 */
export class PurchaseUnderWay extends DomainError {
  constructor(
    readonly purchase: Purchase,
    readonly stale: boolean,
  ) {
    super('conflict', `A purchase of ${purchase.package} is already under way for your account: this one was not charged.`);
  }
}

/**
 * Refused because another purchase of the member's, in flight with this one, ended after this request
 * arrived (`purchase`, completed or failed): the member is told what they then have, not charged again.
 */
export class PurchaseOverlapped extends DomainError {
  constructor(readonly purchase: Purchase) {
    super('conflict', `A purchase of ${purchase.package} made at the same time ended first: this one was not charged.`);
  }
}

const betterPlan = (plan: PackageName | null, bought: PackageName): PackageName =>
  plan && badgeRank(MEMBERSHIP_PACKAGES[plan].badge) >= badgeRank(MEMBERSHIP_PACKAGES[bought].badge) ? plan : bought;

/** The badge the member holds or has paid for, whichever is better. */
export function heldOrBought(state: MembershipState, heldBadge: Badge | null): Badge | null {
  const bought = state.plan ? MEMBERSHIP_PACKAGES[state.plan].badge : null;
  return badgeRank(bought) > badgeRank(heldBadge) ? bought : heldBadge;
}

function decide(command: MembershipCommand, state: MembershipState): MembershipEvent[] {
  const { userId, paymentId } = command;
  const purchase = state.purchases[paymentId];
  switch (command.type) {
    case 'StartPurchase': {
      if (purchase) {
        if (purchase.package !== command.package) throw conflict('This payment attempt was already made for another package. Please start a new one.');
        return [];
      }
      const open = state.open ? state.purchases[state.open] : undefined;
      if (open) throw new PurchaseUnderWay(open, Date.parse(command.now) - Date.parse(open.startedAt) >= PURCHASE_TIMEOUT_MS);
      refuseUnlessUpgrade(heldOrBought(state, command.heldBadge), command.package);
      const now = Date.parse(command.now);
      const overlapped = Object.values(state.purchases).find(
        (other) => other.changedAt > command.arrivedAt && now - Date.parse(other.startedAt) < PURCHASE_LEASE_MS,
      );
      if (overlapped) throw new PurchaseOverlapped(overlapped);
      return [
        {
          type: 'MembershipPurchaseStarted',
          data: { userId, paymentId, package: command.package, provider: command.provider, startedAt: command.now },
        },
      ];
    }
    case 'AwaitProvider':
      if (purchase?.outcome !== 'open' || purchase.paymentIntentId === command.paymentIntentId) return [];
      return [{ type: 'MembershipPurchaseAwaitingProvider', data: { userId, paymentId, paymentIntentId: command.paymentIntentId } }];
    case 'CompletePurchase':
      // Once its payment is recorded, whatever was said before: money taken is a purchase made.
      if (!purchase || purchase.outcome === 'completed') return [];
      return [{ type: 'MembershipPurchaseCompleted', data: { userId, paymentId } }];
    case 'FailPurchase':
      if (purchase?.outcome !== 'open') return [];
      return [{ type: 'MembershipPurchaseFailed', data: { userId, paymentId, reason: command.reason, message: command.message } }];
    default:
      return exhaustive(command);
  }
}

function evolve(before: MembershipState, event: MembershipEvent): MembershipState {
  const state = { ...before, length: before.length + 1 };
  const { paymentId } = event.data;
  const purchase = state.purchases[paymentId];
  const withPurchase = (changed: Omit<Purchase, 'changedAt'>, open: string | null): MembershipState => ({
    ...state,
    purchases: { ...state.purchases, [paymentId]: { ...changed, changedAt: state.length } },
    open,
  });
  // An ended purchase frees the member (it may end after another began: a payment Stripe confirmed late).
  const openOnceEnded = state.open === paymentId ? null : state.open;
  switch (event.type) {
    case 'MembershipPurchaseStarted':
      return withPurchase({ paymentId, package: event.data.package as PackageName, startedAt: event.data.startedAt, outcome: 'open' }, paymentId);
    case 'MembershipPurchaseAwaitingProvider':
      return purchase ? withPurchase({ ...purchase, paymentIntentId: event.data.paymentIntentId }, state.open) : state;
    case 'MembershipPurchaseCompleted':
      if (!purchase) return state;
      return { ...withPurchase({ ...purchase, outcome: 'completed' }, openOnceEnded), plan: betterPlan(state.plan, purchase.package) };
    case 'MembershipPurchaseFailed':
      if (!purchase) return state;
      return withPurchase({ ...purchase, outcome: 'failed', failure: { reason: event.data.reason, message: event.data.message } }, openOnceEnded);
    default:
      return exhaustive(event);
  }
}

export const membershipDecider: Decider<MembershipCommand, MembershipEvent, MembershipState> = {
  initialState: { purchases: {}, open: null, plan: null, length: 0 },
  evolve,
  decide,
};
