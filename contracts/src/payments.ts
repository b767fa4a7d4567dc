import { z } from 'zod';
import { BADGES, MEMBERSHIP_PACKAGES } from './constants';

/**
 * Memberships and card payments: the HTTP contract.
 *
 * - `POST /payment` (signed in; body {@link PaymentBody}) → 200 {@link PaymentPaidAnswer},
 *   202 {@link PaymentPendingAnswer} (Stripe mode) or 200 {@link PaymentRequiresActionAnswer} (Stripe, 3-D Secure).
 *   Errors, always `{message}`: 400 'Invalid Package' (unknown or wrongly-cased package), 400
 *   'Card information is incomplete' (no token), 400 for a token the provider does not know (sandbox: a
 *   non-test token; Stripe: its message), 401 signed out, 402 declined with the provider's message
 *   (sandbox: 'Your card was declined.'), 409 the same attempt retried with different details, 502
 *   the card provider could not be reached. A refused payment records nothing.
 * - `GET /payments?email=&skip=&limit=` (the member themself or an admin; others 403, visitors 401,
 *   no email 400) → {@link PaymentDto}[] newest first, `limit` 10 by default, the total in `X-Total-Count`.
 *   Send `X-Min-Position: <position>` after a payment to see it.
 * - `POST /api/webhooks/stripe` (Stripe only; raw body signed with STRIPE_WEBHOOK_SECRET): 200
 *   `{received: true}`; a missing, bad or stale signature → 400; 404 without Stripe keys.
 * - Live: the member's room `user:<id>` gets `changed {resource: 'user'}` when the badge changes and
 *   `changed {resource: 'payments'}` when a payment is recorded.
 */

export type PackageName = keyof typeof MEMBERSHIP_PACKAGES;
export const PACKAGE_NAMES = Object.keys(MEMBERSHIP_PACKAGES) as PackageName[];

/** Every membership is charged in this currency (Stripe's lower-case ISO code). */
export const PAYMENT_CURRENCY = 'usd';

/** '$19' for 1900 minor units; cents only when there are any. */
export const displayPrice = (minorUnits: number) => `$${minorUnits % 100 === 0 ? minorUnits / 100 : (minorUnits / 100).toFixed(2)}`;

/**
 * `POST /payment`. Only the package's name and the card provider's token count: the price, amount and
 * badge come from MEMBERSHIP_PACKAGES on the server. The spec's client also sends email, badge and
 * price; they are accepted and ignored. The name must match exactly (case-sensitive).
 */
export const PaymentBody = z.object({
  /** 'Silver' | 'Gold' | 'Platinum', exactly; anything else answers 400 'Invalid Package'. */
  package: z.enum(PACKAGE_NAMES as [PackageName, ...PackageName[]], { error: 'Invalid Package' }),
  /**
   * Stripe mode: the ConfirmationToken id (`ctoken_…`) from the Payment Element. Sandbox: one of
   * {@link SANDBOX_TOKENS}; the browser turns Stripe's test card numbers into them, so no card number is ever sent.
   */
  stripeToken: z.string({ error: 'Card information is incomplete' }).trim().min(1, 'Card information is incomplete').max(255, 'Card information is incomplete'),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

/**
 * 200: paid, recorded, and the badge granted. `badge` is the badge the member now holds (a lesser
 * plan bought on a better badge keeps the better one; the message names the badge held). Send
 * `position` as `X-Min-Position` on the next reads (profile, history) to see both.
 */
export const PaymentPaidAnswer = z.object({ message: z.string(), badge: z.enum(BADGES), position: z.string().optional() });
/**
 * 202 (Stripe mode): Stripe took the payment but its signed confirmation (the webhook) has not
 * arrived yet. The badge follows with it: watch `changed {resource: 'user'}` in the member's room.
 */
export const PaymentPendingAnswer = z.object({ message: z.string(), pending: z.literal(true) });
/** 200 (Stripe mode): 3-D Secure. Finish in the browser with `stripe.handleNextAction({clientSecret})`; the webhook then fulfils. */
export const PaymentRequiresActionAnswer = z.object({ requiresAction: z.literal(true), clientSecret: z.string() });

/** Every answer of `POST /payment` but errors. */
export const PaymentAnswer = z.union([PaymentPaidAnswer, PaymentPendingAnswer, PaymentRequiresActionAnswer]);
export type PaymentAnswer = z.infer<typeof PaymentAnswer>;

/**
 * Test card tokens of the sandbox provider (the embedded default), as Stripe's test mode treats them:
 * 'succeeds' pays, 'declined' answers 402 'Your card was declined.'; any other token answers 400.
 * The sandbox card form turns Stripe's test numbers into these in the browser (4242 4242 4242 4242 →
 * `tok_visa`, 4000 0000 0000 0002 → `tok_chargeDeclined`): no card number is sent.
 */
export const SANDBOX_TOKENS = {
  tok_visa: 'succeeds',
  pm_card_visa: 'succeeds',
  tok_chargeDeclined: 'declined',
} as const;

/** A row of Payment History (`GET /payments`). */
export const PaymentDto = z.object({
  _id: z.string(),
  email: z.string(),
  package: z.string(),
  badge: z.string(),
  /** For display, e.g. '$19'. */
  price: z.string(),
  /** In minor units (cents), from the catalogue. */
  amount: z.number(),
  currency: z.string(),
  /** The provider's reference: a PaymentIntent id (`pi_…`) with Stripe, `sandbox_…` in test mode. */
  providerRef: z.string(),
  /** ISO 8601 instant the payment was taken. */
  date: z.string(),
});
export type PaymentDto = z.infer<typeof PaymentDto>;
