import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { v5 as uuidv5 } from 'uuid';
import {
  badgeName,
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
import { notFound } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import type { Config } from '@hostel/platform/config';
import { endPurchaseByProvider, purchaseMembership, recordPayment } from './purchase';
import { createStripeProvider } from './stripe-provider';

const isPackage = (name: unknown): name is PackageName => typeof name === 'string' && Object.hasOwn(MEMBERSHIP_PACKAGES, name);
/** Payments Stripe confirms for PaymentIntents made before purchases named their payment: one payment id per PaymentIntent. */
const PAYMENT_NAMESPACE = '0b8c2f4e-6a1d-4e3b-9f5c-7d2e1a4b6c80';
const paymentIdForIntent = (paymentIntentId: string) => uuidv5(paymentIntentId, PAYMENT_NAMESPACE);

/**
 * Memberships over HTTP: `POST /payment` runs a purchase (purchase.ts) and says how it went; Stripe's
 * signed webhook records what Stripe took (or failed to). Without Stripe keys a sandbox provider takes
 * Stripe's test tokens.
 */
export const paymentRoutes: FastifyPluginAsync<{ store: EventStore; config: Config }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const stripe = config.STRIPE_SECRET_KEY
    ? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
    : undefined;

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
      const answer = await purchaseMembership(
        { store: deps.store, stripe },
        {
          userId: actor.sub,
          email: actor.email,
          package: request.body.package,
          token: request.body.stripeToken,
          attemptKey: request.headers['idempotency-key'],
          correlationId: request.id,
        },
      );
      if (answer.status === 'requires_action') return { requiresAction: true as const, clientSecret: answer.clientSecret };
      const pending = stripe
        ? 'Payment received: your membership starts as soon as Stripe confirms it.'
        : 'Payment received: your membership starts in a moment.';
      if (answer.status === 'processing') return reply.code(202).send({ message: pending, status: 'pending' });
      const { fulfilment } = answer;
      if (fulfilment.granted)
        return reply
          .code(200)
          .send({ message: `You are now a ${badgeName(fulfilment.held)} member`, badge: badgeName(fulfilment.held), position: fulfilment.position });
      return reply.code(202).send({ message: pending, status: 'pending', position: fulfilment.position });
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
      // Signed by Stripe, yet checked like any input: a malformed event is not fulfilled, never a 500.
      const intent = event.data?.object as Partial<Stripe.PaymentIntent> | undefined;
      const { userId, email, package: packageName, paymentId: purchase } = intent?.metadata ?? {};
      // A purchase that ends without payment frees the member to buy again; other events change nothing.
      if ((event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') && userId && purchase) {
        const failed = event.type === 'payment_intent.payment_failed';
        await endPurchaseByProvider(deps.store, {
          userId,
          paymentId: purchase,
          correlationId: request.id,
          outcome: 'failed',
          reason: failed ? 'declined' : 'abandoned',
          message: failed ? (intent?.last_payment_error?.message ?? 'Your card was declined.') : 'The payment was canceled.',
        });
      }
      if (event.type !== 'payment_intent.succeeded') return { received: true };
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
      // Recorded once per PaymentIntent (its purchase's payment id): a duplicate delivery finds the payment stream written and appends nothing.
      const paymentId = purchase ?? paymentIdForIntent(intent.id);
      await recordPayment(deps.store, {
        paymentId,
        userId,
        email,
        package: packageName,
        provider: 'stripe',
        providerRef: intent.id,
        correlationId: request.id,
      });
      if (purchase) await endPurchaseByProvider(deps.store, { userId, paymentId, correlationId: request.id, outcome: 'completed' });
      return { received: true, fulfilled: true };
    });
  });
};
