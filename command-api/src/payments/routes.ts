import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v5 as uuidv5 } from 'uuid';
import { type Badge, BADGES, MEMBERSHIP_PACKAGES, MIN_POSITION_WAIT_MS, PAYMENT_CURRENCY, type PackageName, PaymentBody } from '@hostel/contracts';
import type { PaymentAnswer } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { comparePositions, parsePosition } from '@hostel/eventstore';
import { actorOf, notFound } from '@hostel/platform/http';
import type { Config } from '@hostel/platform/config';
import { handleCommand, loadState, readUntil } from '../command-handler';
import { userStream } from '../identity/user';
import { userDecider } from '../identity/user-decider';
import { paymentDecider, paymentStream } from './payment';
import { chargeSandbox } from './sandbox-provider';
import { createStripeProvider } from './stripe-provider';

/** The later of two positions: the next reads must see both the payment and the badge. */
function later(a: string | undefined, b: string | undefined): string | undefined {
  const [first, second] = [a, b].map((text) => (text ? parsePosition(text) : undefined));
  if (!first || !second) return a ?? b;
  return comparePositions(first, second) >= 0 ? a : b;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isPackage = (name: unknown): name is PackageName => typeof name === 'string' && Object.hasOwn(MEMBERSHIP_PACKAGES, name);
const rank = (badge: Badge | null) => (badge === null ? -1 : BADGES.indexOf(badge));
/** One payment id per PaymentIntent: however often Stripe delivers its success, it is recorded once. */
const PAYMENT_NAMESPACE = '0b8c2f4e-6a1d-4e3b-9f5c-7d2e1a4b6c80';
const paymentIdForIntent = (paymentIntentId: string) => uuidv5(paymentIntentId, PAYMENT_NAMESPACE);
/** How often the bounded wait for the badge looks at the log again. */
const RECHECK_MS = 20;

/**
 * Memberships: a signed-in user pays for a package by card; the payment is recorded on its own stream
 * and the grant-badge policy grants the badge on theirs. Price and badge come from the catalogue only.
 * Without Stripe keys a sandbox provider takes Stripe's test tokens and the payment is recorded at
 * once; with Stripe, only the signature-verified webhook records it.
 */
export function paymentRoutes(app: FastifyInstance, deps: { store: EventStore; config: Config }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const stripe = config.STRIPE_SECRET_KEY
    ? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
    : undefined;

  /** Records the payment; the grant-badge policy grants its badge from the recorded event (crash-safe, once). */
  function recordPayment(payment: { paymentId: string; userId: string; email: string; package: PackageName; provider: 'sandbox' | 'stripe'; providerRef: string }, correlationId: string) {
    return handleCommand(
      deps.store,
      paymentStream(payment.paymentId),
      paymentDecider,
      { type: 'RecordPayment', paymentId: payment.paymentId, user: { userId: payment.userId, email: payment.email }, package: payment.package, provider: payment.provider, providerRef: payment.providerRef, paidAt: new Date().toISOString() },
      { actor: payment.provider === 'stripe' ? 'system' : payment.userId, correlationId },
    );
  }

  /**
   * Waits (bounded, like a read with X-Min-Position) until the payment is recorded and the member
   * holds its badge or a better one, so "You are now a … member" is true when read. The grant is the
   * policy's, so it lands a moment after the payment; a lesser plan bought on a better badge grants
   * nothing and needs no wait. Answers the badge held and a position past both the payment and the
   * grant (or, when time ran out, past the payment: the grant still lands, pushed live).
   */
  async function awaitFulfilment(userId: string, paymentId: string, bought: Badge) {
    const { payment, user, recorded, held, granted } = await readUntil(
      async () => {
        const [payment, user] = await Promise.all([loadState(deps.store, paymentStream(paymentId), paymentDecider), loadState(deps.store, userStream(userId), userDecider)]);
        const held = user.state.exists ? user.state.badge : null;
        const recorded = payment.state.status === 'paid';
        return { payment, user, recorded, held, granted: recorded && rank(held) >= rank(bought) };
      },
      (read) => read.granted,
      MIN_POSITION_WAIT_MS,
      RECHECK_MS,
    );
    return { recorded, granted, held: granted ? held! : bought, position: granted ? later(user.position, payment.position) : payment.position };
  }

  const paid = (held: Badge, position: string | undefined): PaymentAnswer => ({ message: `You are now a ${capitalised(held)} member`, badge: held, ...(position ? { position } : {}) });

  routes.post('/payment', { config: { access: 'user' }, schema: { body: PaymentBody } }, async (request, reply): Promise<PaymentAnswer> => {
    const actor = actorOf(request);
    const { package: packageName, stripeToken } = request.body;
    const plan = MEMBERSHIP_PACKAGES[packageName];
    if (!stripe) {
      const { providerRef } = chargeSandbox(stripeToken);
      const paymentId = crypto.randomUUID();
      await recordPayment({ paymentId, userId: actor.sub, email: actor.email, package: packageName, provider: 'sandbox', providerRef }, request.id);
      const { held, position } = await awaitFulfilment(actor.sub, paymentId, plan.badge);
      return paid(held, position);
    }
    const started = await stripe.startPayment({
      amount: plan.price,
      confirmationToken: stripeToken,
      metadata: { userId: actor.sub, email: actor.email, package: packageName },
      // A ConfirmationToken is made for one attempt: retrying that attempt reuses its key, and the
      // package is part of it so a retry can never be taken for another purchase.
      idempotencyKey: `membership:${actor.sub}:${packageName}:${stripeToken}`,
    });
    if (started.status === 'requires_action') return { requiresAction: true, clientSecret: started.clientSecret };
    if (started.status === 'succeeded') {
      // Stripe's signed webhook usually follows within a moment: answer like the sandbox when it does.
      const fulfilment = await awaitFulfilment(actor.sub, paymentIdForIntent(started.paymentIntentId), plan.badge);
      if (fulfilment.granted) return paid(fulfilment.held, fulfilment.position);
    }
    return reply.code(202).send({ message: 'Payment received: your membership starts as soon as Stripe confirms it.', pending: true });
  });

  // Stripe signs the exact bytes it sends: this route reads its body raw, in a scope of its own.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/stripe', { config: { access: 'public' } }, async (request) => {
      if (!stripe) throw notFound('Stripe payments are not configured here');
      const signature = request.headers['stripe-signature'];
      const event = stripe.verifyWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      // Only success records anything; other events (created, processing, failed), in any order, change nothing.
      if (event.type !== 'payment_intent.succeeded') return { received: true };
      // Signed by Stripe, yet checked like any input: a malformed event is not fulfilled, never a 500.
      const intent = event.data?.object as Partial<typeof event.data.object> | undefined;
      const { userId, email, package: packageName } = intent?.metadata ?? {};
      if (!intent?.id || !userId || !email || !isPackage(packageName) || intent.currency !== PAYMENT_CURRENCY || !(Number(intent.amount_received) >= MEMBERSHIP_PACKAGES[packageName].price)) {
        request.log.error({ paymentIntent: intent?.id }, 'a succeeded PaymentIntent does not match the package catalogue; not fulfilled');
        return { received: true, fulfilled: false };
      }
      // Recorded once per PaymentIntent: a duplicate delivery finds the payment stream written and appends nothing.
      await recordPayment({ paymentId: paymentIdForIntent(intent.id), userId, email, package: packageName, provider: 'stripe', providerRef: intent.id }, request.id);
      return { received: true, fulfilled: true };
    });
  });
}
