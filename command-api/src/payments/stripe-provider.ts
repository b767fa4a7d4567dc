import Stripe from 'stripe';
import { PAYMENT_CURRENCY } from '@hostel/contracts';
import { conflict, invalid, paymentDeclined, providerUnavailable } from '@hostel/domain';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Stripe's API host, unless overridden (a proxy, or a local stand-in in tests). */
  apiUrl: string | undefined;
}

/** Who and what a PaymentIntent pays for, kept in its metadata so the webhook can fulfil it: `paymentId` names the purchase. */
export interface PaymentMetadata {
  userId: string;
  email: string;
  package: string;
  paymentId: string;
}

export type StartedPayment =
  | { status: 'requires_action'; clientSecret: string; paymentIntentId: string }
  /** Stripe took the money; the signed webhook fulfils it (`succeeded`), or will once the payment clears. */
  | { status: 'succeeded' | 'processing'; paymentIntentId: string };

/** The Stripe card provider: PaymentIntents confirmed from the browser's ConfirmationToken, and signed webhooks. */
export function createStripeProvider(options: StripeOptions) {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    telemetry: false,
    // Safe to retry: every call carries the attempt's idempotency key.
    maxNetworkRetries: 2,
    // A member waits on this request: better a clear failure than Stripe's default 80 s.
    timeout: 30_000,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'http:' ? 80 : 443), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
  });

  return {
    /**
     * Creates and confirms a PaymentIntent for the catalogue amount. The idempotency key names the
     * attempt, so a retried request never charges twice. A declined card answers 402 with Stripe's message.
     */
    async startPayment(input: { amount: number; confirmationToken: string; metadata: PaymentMetadata; idempotencyKey: string }): Promise<StartedPayment> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          { amount: input.amount, currency: PAYMENT_CURRENCY, confirm: true, confirmation_token: input.confirmationToken, metadata: { ...input.metadata } },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        throw asHttpError(error);
      }
      switch (intent.status) {
        case 'requires_action':
          if (!intent.client_secret)
            throw providerUnavailable('The card payment provider asked for a confirmation step it gave no means for. Please try again.');
          return { status: 'requires_action', clientSecret: intent.client_secret, paymentIntentId: intent.id };
        case 'requires_payment_method':
          throw paymentDeclined(intent.last_payment_error?.message ?? 'Your card was declined.');
        case 'canceled':
          throw paymentDeclined('The payment was canceled.');
        case 'succeeded':
          return { status: 'succeeded', paymentIntentId: intent.id };
        default:
          return { status: 'processing', paymentIntentId: intent.id };
      }
    },

    /**
     * Cancels a PaymentIntent nobody finished (a 3-D Secure step left): 'canceled' once nothing can be
     * taken by it, 'taken' when Stripe has taken or is taking the money (its webhook records it).
     */
    async cancelPayment(paymentIntentId: string): Promise<'canceled' | 'taken'> {
      try {
        await stripe.paymentIntents.cancel(paymentIntentId);
        return 'canceled';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state')) throw asHttpError(error);
      }
      // Not cancelable: canceled already, or succeeded or processing.
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId).catch((error: unknown) => {
        throw asHttpError(error);
      });
      return intent.status === 'canceled' ? 'canceled' : 'taken';
    },

    /** The webhook's event, if its signature is Stripe's and recent (400 otherwise). */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      if (!options.webhookSecret) throw invalid('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      if (!signature) throw invalid('Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw invalid(`Webhook signature verification failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
export type StripeProvider = ReturnType<typeof createStripeProvider>;

/** Stripe's errors as our HTTP answers: the member's card problems as 402/400, Stripe's own trouble as 502. */
function asHttpError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError) return paymentDeclined(error.message);
  // The same attempt is at Stripe already (its idempotency key in use): it answers that request.
  if (error instanceof Stripe.errors.StripeError && error.statusCode === 409)
    return conflict('This payment attempt is already under way. Please wait for its answer.');
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return invalid(error.message);
  // The same attempt (same ConfirmationToken and package) sent again with different details.
  if (error instanceof Stripe.errors.StripeIdempotencyError) return conflict('This payment attempt is already under way with other details. Please try again.');
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return providerUnavailable('The card payment provider could not be reached. Please try again in a moment.');
  }
  // Our key refused, and the like: ours to fix, logged as a 500.
  return error;
}
