import { z } from 'zod';
import { BADGE_NAMES, DASHBOARD_PAGE_SIZE, MEMBERSHIP_PACKAGES } from './constants';
import { displayPrice, PACKAGE_NAMES, type PackageName, PAYMENT_CURRENCY } from './plans';
import { listQuery, text } from './text';

/**
 * Memberships and card payments: the HTTP contract.
 *
 * - `POST /payment` (signed in; body {@link PaymentBody}, headers {@link PaymentHeaders}) → 200
 *   {@link PaymentPaidAnswer} once the badge has landed, 202 {@link PaymentPendingAnswer} when it has
 *   not within the wait, or 200 {@link PaymentRequiresActionAnswer} (Stripe, 3-D Secure).
 *   Errors, always `{message}`: 400 'Invalid Package' (unknown or wrongly-cased package), 400
 *   'Card information is incomplete' (no token), 400 for a token the provider does not know (sandbox: a
 *   non-test token; Stripe: its message), 401 signed out, 402 declined with the provider's message
 *   (sandbox: 'Your card was declined.'), 409 the same attempt retried with different details, 409 a plan
 *   that would not raise the member's badge ('You are already a Gold member: only a higher plan can be
 *   bought.'; nothing charged), 409 another purchase of the member's under way or made at the same
 *   time (one purchase at a time per member: 'You are now a Gold member: another purchase made at the
 *   same time went through, and this one was not charged.'; nothing charged, the provider not asked),
 *   502 the card provider could not be reached (the same attempt sent again resumes it). Refused before
 *   the purchase starts, a payment records nothing; a started one that is declined records its start and
 *   its failure (the payment's own stream stays empty).
 * - `GET /payments?email=&skip=&limit=` (the member themself or an admin; others 403, visitors 401,
 *   no email 400) → {@link PaymentDto}[] newest first, `limit` 10 by default, the total in `X-Total-Count`.
 *   Send `X-Min-Position: <position>` after a payment to see it.
 * - `POST /api/webhooks/stripe` (Stripe only; raw body signed with STRIPE_WEBHOOK_SECRET): 200
 *   `{received: true}`; a missing, bad or stale signature → 400; 404 without Stripe keys.
 * - Live: the member's room `user:<id>` gets `changed {resource: 'user'}` when the badge changes and
 *   `changed {resource: 'payments'}` when a payment is recorded.
 */

export { displayPrice, isUpgrade, PACKAGE_NAMES, type PackageName, PAYMENT_CURRENCY } from './plans';

/** What buying a package records besides who and how: its name, the badge it grants and its price, from the catalogue only. */
export function membershipCharge(name: PackageName) {
  const plan = MEMBERSHIP_PACKAGES[name];
  return { package: name, badge: plan.badge, amount: plan.price, currency: PAYMENT_CURRENCY, price: displayPrice(plan.price) };
}

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
  stripeToken: text('Card information', { error: 'Card information is incomplete' })
    .trim()
    .min(1, 'Card information is incomplete')
    .max(255, 'Card information is incomplete'),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

/**
 * `POST /payment` headers: an optional `Idempotency-Key`, one fresh value (a uuid) per purchase attempt,
 * sent again unchanged when the attempt is retried. The same key answers the first attempt's outcome
 * and records nothing new; used for another package it answers 409. Without it (the spec's client
 * sends none) the card token names the attempt: the provider takes a token once, so the same token for
 * the same package answers the first payment's outcome.
 */
export const PaymentHeaders = z.object({
  'idempotency-key': text('Idempotency-Key')
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 255 characters')
    .max(255, 'Idempotency-Key must be 8 to 255 characters')
    .optional(),
});

/**
 * 200: paid, recorded, and the badge granted. `badge` is the badge the member now holds (a lesser
 * plan bought on a better badge keeps the better one; the message names the badge held). Send
 * `position` as `X-Min-Position` on the next reads (profile, history) to see both.
 */
export const PaymentPaidAnswer = z.object({ message: z.string(), badge: z.enum(BADGE_NAMES), position: z.string().optional() });
/**
 * 202: the payment is taken but its badge has not landed within the answer's wait (Stripe: its
 * signed webhook has not arrived yet; sandbox: the grant is still queued). The badge follows: watch
 * `changed {resource: 'user'}` in the member's room. `position` (when the payment is recorded) is
 * the payment's, for `X-Min-Position` on the next reads.
 */
export const PaymentPendingAnswer = z.object({ message: z.string(), status: z.literal('pending'), position: z.string().optional() });
/** 200 (Stripe mode): 3-D Secure. Finish in the browser with `stripe.handleNextAction({clientSecret})`; the webhook then fulfils. */
export const PaymentRequiresActionAnswer = z.object({ requiresAction: z.literal(true), clientSecret: z.string() });

/** `POST /api/webhooks/stripe`: received, and whether it fulfilled a payment (only a matching success does). */
export const StripeWebhookAnswer = z.object({ received: z.literal(true), fulfilled: z.boolean().optional() });

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

/** `GET /payments`: whose history (required), a page of it. */
export const PaymentsQuery = listQuery(
  { email: text('email', { error: 'Whose payments? Add ?email=' }).trim().toLowerCase().min(1, 'Whose payments? Add ?email=').max(254, 'email is too long') },
  DASHBOARD_PAGE_SIZE,
);

/** A row of Payment History (`GET /payments`). */
export const PaymentDto = z.object({
  _id: z.string(),
  email: z.string(),
  package: z.string(),
  badge: z.enum(BADGE_NAMES),
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
