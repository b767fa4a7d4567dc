import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v5 as uuidv5 } from 'uuid';
import {
  MEMBERSHIP_PACKAGES,
  PAYMENT_CURRENCY,
  type PackageName,
  PaymentBody,
  PaymentHeaders,
  PaymentPaidAnswer,
  PaymentPendingAnswer,
  PaymentRequiresActionAnswer,
  StripeWebhookAnswer,
} from '@hostel/contracts';
import { z } from 'zod';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import type { Config } from '@hostel/platform/config';
import { awaitFulfilment } from './fulfilment';
import type { Fulfilment } from './fulfilment';
import { chargeSandbox } from './sandbox-provider';
import { createStripeProvider } from './stripe-provider';
import { handleCommand, loadState, notFound, paymentDecider, paymentStream, refuseUnlessUpgrade, userDecider, userStream } from '@hostel/domain';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isPackage = (name: unknown): name is PackageName => typeof name === 'string' && Object.hasOwn(MEMBERSHIP_PACKAGES, name);
/** One payment id per PaymentIntent: however often Stripe delivers its success, it is recorded once. */
const PAYMENT_NAMESPACE = '0b8c2f4e-6a1d-4e3b-9f5c-7d2e1a4b6c80';
const paymentIdForIntent = (paymentIntentId: string) => uuidv5(paymentIntentId, PAYMENT_NAMESPACE);
/** One sandbox payment per member and Idempotency-Key: a retried attempt finds its payment recorded. */
const ATTEMPT_NAMESPACE = '6f3e9a1c-2b4d-4c8e-a7f0-9d1b3c5e7a20';
const paymentIdForAttempt = (userId: string, idempotencyKey: string) => uuidv5(`${userId}:${idempotencyKey}`, ATTEMPT_NAMESPACE);

/**
 * Memberships: a signed-in user pays for a package by card; the payment is recorded on its own stream
 * and the grant-badge policy grants the badge on theirs. Price and badge come from the catalogue only.
 * Without Stripe keys a sandbox provider takes Stripe's test tokens and the payment is recorded at
 * once; with Stripe, only the signature-verified webhook records it.
 */
export const paymentRoutes: FastifyPluginAsync<{ store: EventStore; config: Config }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const stripe = config.STRIPE_SECRET_KEY
    ? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
    : undefined;

  /** Records the payment; the grant-badge policy grants its badge from the recorded event (crash-safe, once). */
  function recordPayment(
    payment: { paymentId: string; userId: string; email: string; package: PackageName; provider: 'sandbox' | 'stripe'; providerRef: string },
    correlationId: string,
  ) {
    return handleCommand(
      deps.store,
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
      { actor: payment.provider === 'stripe' ? 'system' : payment.userId, correlationId },
    );
  }

  /**
   * Refuses (409) a plan that would not raise the member's badge, before the card is charged. A retry of
   * an attempt already recorded (`paymentId`) goes on to answer as the first time did.
   */
  async function refuseUnlessUpgradeFor(userId: string, packageName: PackageName, paymentId?: string) {
    const user = await loadState(deps.store, userStream(userId), userDecider);
    try {
      refuseUnlessUpgrade(user.state.exists ? user.state.badge : null, packageName);
    } catch (refusal) {
      // Read after the badge: a badge this very attempt granted means its payment is already recorded.
      if (paymentId && (await loadState(deps.store, paymentStream(paymentId), paymentDecider)).state.status === 'paid') return;
      throw refusal;
    }
  }

  /** The answer once fulfilment was awaited: the badge when it has landed, otherwise 202 pending. */
  function fulfilled(reply: FastifyReply, fulfilment: Fulfilment, pendingMessage: string) {
    if (fulfilment.granted)
      return reply.code(200).send({ message: `You are now a ${capitalised(fulfilment.held)} member`, badge: fulfilment.held, position: fulfilment.position });
    return reply.code(202).send({ message: pendingMessage, status: 'pending', position: fulfilment.position });
  }

  routes.post(
    '/payment',
    {
      config: { access: 'user' },
      schema: {
        body: PaymentBody,
        headers: PaymentHeaders,
        response: { 200: z.union([PaymentPaidAnswer, PaymentRequiresActionAnswer]), 202: PaymentPendingAnswer },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { package: packageName, stripeToken } = request.body;
      const idempotencyKey = request.headers['idempotency-key'];
      const plan = MEMBERSHIP_PACKAGES[packageName];
      if (!stripe) {
        const paymentId = paymentIdForAttempt(actor.sub, idempotencyKey);
        await refuseUnlessUpgradeFor(actor.sub, packageName, paymentId);
        const { providerRef } = chargeSandbox(stripeToken);
        await recordPayment({ paymentId, userId: actor.sub, email: actor.email, package: packageName, provider: 'sandbox', providerRef }, request.id);
        return fulfilled(reply, await awaitFulfilment(deps.store, actor.sub, paymentId, plan.badge), 'Payment received: your membership starts in a moment.');
      }
      await refuseUnlessUpgradeFor(actor.sub, packageName);
      const started = await stripe.startPayment({
        amount: plan.price,
        confirmationToken: stripeToken,
        metadata: { userId: actor.sub, email: actor.email, package: packageName },
        // One attempt, one PaymentIntent: retrying the attempt reuses its key, and the package is part
        // of it so a retry can never be taken for another purchase.
        idempotencyKey: `membership:${actor.sub}:${packageName}:${idempotencyKey}`,
      });
      if (started.status === 'requires_action') return { requiresAction: true as const, clientSecret: started.clientSecret };
      const pending = 'Payment received: your membership starts as soon as Stripe confirms it.';
      // Stripe's signed webhook usually follows within a moment: answer like the sandbox when it does.
      if (started.status === 'succeeded')
        return fulfilled(reply, await awaitFulfilment(deps.store, actor.sub, paymentIdForIntent(started.paymentIntentId), plan.badge), pending);
      return reply.code(202).send({ message: pending, status: 'pending' });
    },
  );

  // Stripe signs the exact bytes it sends: this route reads its body raw, in a scope of its own.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/stripe', { config: { access: 'public' }, schema: { response: { 200: StripeWebhookAnswer } } }, async (request) => {
      if (!stripe) throw notFound('Stripe payments are not configured here');
      const signature = request.headers['stripe-signature'];
      const event = stripe.verifyWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      // Only success records anything; other events (created, processing, failed), in any order, change nothing.
      if (event.type !== 'payment_intent.succeeded') return { received: true };
      // Signed by Stripe, yet checked like any input: a malformed event is not fulfilled, never a 500.
      const intent = event.data?.object as Partial<typeof event.data.object> | undefined;
      const { userId, email, package: packageName } = intent?.metadata ?? {};
      if (
        !intent?.id ||
        !userId ||
        !email ||
        !isPackage(packageName) ||
        intent.currency !== PAYMENT_CURRENCY ||
        !(Number(intent.amount_received) >= MEMBERSHIP_PACKAGES[packageName].price)
      ) {
        request.log.error({ paymentIntent: intent?.id }, 'a succeeded PaymentIntent does not match the package catalogue; not fulfilled');
        return { received: true, fulfilled: false };
      }
      // Recorded once per PaymentIntent: a duplicate delivery finds the payment stream written and appends nothing.
      await recordPayment(
        { paymentId: paymentIdForIntent(intent.id), userId, email, package: packageName, provider: 'stripe', providerRef: intent.id },
        request.id,
      );
      return { received: true, fulfilled: true };
    });
  });
};
