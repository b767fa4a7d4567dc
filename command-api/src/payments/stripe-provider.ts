import Stripe from 'stripe';
import { invalid, paymentDeclined } from '@hostel/platform/http';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Stripe's API host, unless overridden (a proxy, or a local stand-in in tests). */
  apiUrl: string | undefined;
}

/** Who and what a PaymentIntent pays for, kept in its metadata so the webhook can fulfil it. */
export interface PaymentMetadata {
  userId: string;
  email: string;
  package: string;
}

export type StartedPayment = { status: 'requires_action'; clientSecret: string } | { status: 'accepted'; paymentIntentId: string };

/** The Stripe card provider: PaymentIntents confirmed from the browser's ConfirmationToken, and signed webhooks. */
export function createStripeProvider(options: StripeOptions) {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
  });

  return {
    /**
     * Creates and confirms a PaymentIntent for the catalogue amount. The idempotency key names the
     * attempt, so a retried request never charges twice. A declined card answers 402 with Stripe's message.
     */
    async startPayment(input: { amount: number; confirmationToken: string; metadata: PaymentMetadata; idempotencyKey: string }): Promise<StartedPayment> {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: input.amount, currency: 'usd', confirm: true, confirmation_token: input.confirmationToken, metadata: { ...input.metadata } },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'requires_action' && intent.client_secret) return { status: 'requires_action', clientSecret: intent.client_secret };
        return { status: 'accepted', paymentIntentId: intent.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) throw paymentDeclined(error.message);
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw invalid(error.message);
        throw error;
      }
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
