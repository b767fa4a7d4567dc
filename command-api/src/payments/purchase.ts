import { type Badge, badgeName, MEMBERSHIP_PACKAGES, MIN_POSITION_WAIT_MS, type PackageName } from '@hostel/contracts';
import {
  type CommandResult,
  conflict,
  DomainError,
  handleCommand,
  heldOrBought,
  loadState,
  type MembershipCommand,
  membershipDecider,
  type MembershipState,
  membershipStream,
  type Purchase,
  PurchaseOverlapped,
  PurchaseUnderWay,
  paymentDecider,
  paymentDeclined,
  paymentStream,
  userDecider,
  userStream,
} from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import { v5 as uuidv5 } from 'uuid';
import { readUntil } from '../read-until';
import { awaitFulfilment, type Fulfilment } from './fulfilment';
import { chargeSandbox, checkSandboxToken } from './sandbox-provider';
import type { StripeProvider } from './stripe-provider';

/** One payment id per member and attempt: the attempt sent again finds its purchase and its payment. */
const ATTEMPT_NAMESPACE = '6f3e9a1c-2b4d-4c8e-a7f0-9d1b3c5e7a20';

export interface PurchaseDeps {
  store: EventStore;
  /** Stripe mode when set; the sandbox provider otherwise. */
  stripe: StripeProvider | undefined;
}

export interface PurchaseRequest {
  userId: string;
  email: string;
  package: PackageName;
  /** The card provider's token (Stripe: a ConfirmationToken; sandbox: a test token). */
  token: string;
  /** The client's Idempotency-Key, when it sends one. */
  attemptKey: string | undefined;
  correlationId: string;
}

/** How a purchase ended for the member's request; refusals are thrown as DomainErrors. */
export type PurchaseAnswer =
  /** Paid and recorded; the fulfilment says whether the badge has landed yet. */
  | { status: 'paid'; fulfilment: Fulfilment }
  /** Stripe took it but has not confirmed yet: its webhook records it. */
  | { status: 'processing' }
  /** Stripe asks the member to confirm (3-D Secure) in the browser. */
  | { status: 'requires_action'; clientSecret: string };

/**
 * The attempt's payment id: from the Idempotency-Key when the client sends one, else from the card
 * token, which a real provider takes once (a client that sends no key, as the spec's does, sends the
 * same token again only to retry). The package is part of a token's attempt because the sandbox's test
 * tokens, like Stripe test mode's, may pay again.
 */
export const attemptPaymentId = (request: Pick<PurchaseRequest, 'userId' | 'package' | 'token' | 'attemptKey'>) =>
  uuidv5(`${request.userId}:${request.attemptKey ?? `token:${request.package}:${request.token}`}`, ATTEMPT_NAMESPACE);

/**
 * A member buys a membership: the purchase is started on the member's membership stream before any
 * card is charged (domain/src/payments/membership.ts), so of purchases sent at once exactly one is
 * charged and the others are refused (409) with the plan the member then has; the attempt sent again
 * answers what it answered the first time. Price and badge come from the catalogue only. Sandbox: the
 * payment is recorded at once; Stripe: only the signature-verified webhook records a success.
 */
export async function purchaseMembership(deps: PurchaseDeps, request: PurchaseRequest): Promise<PurchaseAnswer> {
  const paymentId = attemptPaymentId(request);
  // What this request found on arrival: a purchase that ends after it, in flight with it, refuses it.
  const arrivedAt = (await loadMembership(deps.store, request.userId)).state.length;
  const membership = (command: MembershipCommand) =>
    handleCommand(deps.store, membershipStream(request.userId), membershipDecider, command, { actor: request.userId, correlationId: request.correlationId });
  // A token the sandbox would refuse whatever happens is refused before anything starts.
  if (!deps.stripe) checkSandboxToken(request.token);

  const purchase = await startPurchase(deps, request, paymentId, arrivedAt, membership);
  if (purchase.outcome === 'completed') return paid(deps, request, paymentId);
  if (purchase.outcome === 'failed') throw failureOf(purchase);

  const fail = async (error: unknown) => {
    // A decline and a refusal are final and released; anything else (the provider unreachable, the
    // same attempt at it already) leaves the purchase open, for the same attempt to resume.
    if (error instanceof DomainError && (error.kind === 'payment_declined' || error.kind === 'validation'))
      await membership({
        type: 'FailPurchase',
        userId: request.userId,
        paymentId,
        reason: error.kind === 'payment_declined' ? 'declined' : 'refused',
        message: error.message,
      });
    return error;
  };

  if (!deps.stripe) {
    let providerRef: string;
    try {
      providerRef = chargeSandbox(request.token).providerRef;
    } catch (error) {
      throw await fail(error);
    }
    await recordPayment(deps.store, { ...request, paymentId, provider: 'sandbox', providerRef });
    await membership({ type: 'CompletePurchase', userId: request.userId, paymentId });
    return paid(deps, request, paymentId);
  }

  const plan = MEMBERSHIP_PACKAGES[request.package];
  const started = await deps.stripe
    .startPayment({
      amount: plan.price,
      confirmationToken: request.token,
      metadata: { userId: request.userId, email: request.email, package: request.package, paymentId },
      // One purchase, one PaymentIntent: the purchase resumed is the same call to Stripe, which charges once.
      idempotencyKey: `membership-purchase:${paymentId}`,
    })
    .catch(async (error: unknown) => {
      throw await fail(error);
    });
  // Kept so a purchase left open can later be settled with Stripe (canceled, or found taken).
  await membership({ type: 'AwaitProvider', userId: request.userId, paymentId, paymentIntentId: started.paymentIntentId });
  if (started.status === 'succeeded') return paid(deps, request, paymentId);
  return started.status === 'requires_action' ? { status: 'requires_action', clientSecret: started.clientSecret } : { status: 'processing' };
}

type Membership = (command: MembershipCommand) => Promise<CommandResult<MembershipState>>;

const loadMembership = (store: EventStore, userId: string) => loadState(store, membershipStream(userId), membershipDecider);
const badgeOf = async (store: EventStore, userId: string): Promise<Badge | null> => {
  const user = await loadState(store, userStream(userId), userDecider);
  return user.state.exists ? user.state.badge : null;
};

/**
 * Starts the purchase (or finds the attempt's own, to resume or answer again). Another purchase under
 * way refuses it, unless that one turns out to be over: its payment recorded (completed now), or left
 * past its time and canceled at the provider (abandoned now). Completing or abandoning one that was in
 * flight with this request (started within PURCHASE_LEASE_MS) still refuses this one (the decider's
 * PurchaseOverlapped); one a stopped process left open longer ago lets it start.
 */
async function startPurchase(deps: PurchaseDeps, request: PurchaseRequest, paymentId: string, arrivedAt: number, membership: Membership): Promise<Purchase> {
  for (;;) {
    try {
      const { state } = await membership({
        type: 'StartPurchase',
        userId: request.userId,
        paymentId,
        package: request.package,
        provider: deps.stripe ? 'stripe' : 'sandbox',
        heldBadge: await badgeOf(deps.store, request.userId),
        now: new Date().toISOString(),
        arrivedAt,
      });
      return state.purchases[paymentId]!;
    } catch (error) {
      if (error instanceof PurchaseOverlapped) throw await concurrentPurchase(deps.store, request.userId, error.purchase);
      if (!(error instanceof PurchaseUnderWay)) throw error;
      const other = error.purchase;
      if ((await loadState(deps.store, paymentStream(other.paymentId), paymentDecider)).state.status === 'paid') {
        await membership({ type: 'CompletePurchase', userId: request.userId, paymentId: other.paymentId });
      } else if (error.stale && (await abandoned(deps, other))) {
        await membership({
          type: 'FailPurchase',
          userId: request.userId,
          paymentId: other.paymentId,
          reason: 'abandoned',
          message: 'This purchase was left unfinished and has been canceled.',
        });
      } else {
        throw await concurrentPurchase(deps.store, request.userId, other);
      }
    }
  }
}

/** Whether a stale purchase can be given up: nothing was or will be taken by it (Stripe cancels its PaymentIntent first). */
async function abandoned(deps: PurchaseDeps, purchase: Purchase): Promise<boolean> {
  if (!deps.stripe || !purchase.paymentIntentId) return true;
  return (await deps.stripe.cancelPayment(purchase.paymentIntentId)) === 'canceled';
}

/**
 * The refusal of a purchase that lost to another one under way: it waits (bounded, like a read with
 * X-Min-Position) for that one to end, and says what the member then has. Nothing was charged for it.
 */
async function concurrentPurchase(store: EventStore, userId: string, other: Purchase): Promise<DomainError> {
  const { state } = await readUntil(
    () => loadMembership(store, userId),
    (read) => read.state.purchases[other.paymentId]?.outcome !== 'open',
    MIN_POSITION_WAIT_MS,
  );
  const ended = state.purchases[other.paymentId];
  const held = heldOrBought(state, await badgeOf(store, userId));
  const plan = held ? `You are now a ${badgeName(held)} member` : 'You have no membership yet';
  if (ended?.outcome === 'completed') return conflict(`${plan}: another purchase made at the same time went through, and this one was not charged.`);
  if (ended?.outcome === 'failed')
    return conflict(`${plan}: another payment made at the same time did not go through, and this one was not charged. Please try again.`);
  return conflict(`${plan}: a purchase of ${other.package} is under way for your account, and this one was not charged.`);
}

/** A failed purchase's answer, the same every time the attempt is sent. */
function failureOf(purchase: Purchase): DomainError {
  const message = purchase.failure?.message ?? 'This payment did not go through.';
  if (purchase.failure?.reason === 'declined') return paymentDeclined(message);
  if (purchase.failure?.reason === 'refused') return new DomainError('validation', message);
  return conflict(`${message} Please start a new payment.`);
}

/** The answer of a paid purchase once fulfilment was awaited (the badge, or still on its way). */
async function paid(deps: PurchaseDeps, request: PurchaseRequest, paymentId: string): Promise<PurchaseAnswer> {
  return { status: 'paid', fulfilment: await awaitFulfilment(deps.store, request.userId, paymentId, MEMBERSHIP_PACKAGES[request.package].badge) };
}

/**
 * Records the payment on its own stream; the grant-badge policy grants its badge from the recorded
 * event (crash-safe, once). Recorded once per payment id, however often the confirmation arrives.
 */
export function recordPayment(
  store: EventStore,
  payment: {
    paymentId: string;
    userId: string;
    email: string;
    package: PackageName;
    provider: 'sandbox' | 'stripe';
    providerRef: string;
    correlationId: string;
  },
) {
  return handleCommand(
    store,
    paymentStream(payment.paymentId),
    paymentDecider,
    {
      type: 'RecordPayment',
      paymentId: payment.paymentId,
      user: { userId: payment.userId, email: payment.email },
      package: payment.package,
      provider: payment.provider,
      providerRef: payment.providerRef,
      paidAt: new Date().toISOString(),
    },
    { actor: payment.provider === 'stripe' ? 'system' : payment.userId, correlationId: payment.correlationId },
  );
}

/** A purchase's end as Stripe's webhook tells it: completed once its payment is recorded, or failed. */
export function endPurchaseByProvider(
  store: EventStore,
  end: { userId: string; paymentId: string; correlationId: string } & (
    { outcome: 'completed' } | { outcome: 'failed'; reason: 'declined' | 'abandoned'; message: string }
  ),
) {
  const command: MembershipCommand =
    end.outcome === 'completed'
      ? { type: 'CompletePurchase', userId: end.userId, paymentId: end.paymentId }
      : { type: 'FailPurchase', userId: end.userId, paymentId: end.paymentId, reason: end.reason, message: end.message };
  return handleCommand(store, membershipStream(end.userId), membershipDecider, command, { actor: 'system', correlationId: end.correlationId });
}
