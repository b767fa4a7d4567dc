import { z } from 'zod';
import { MEMBERSHIP_PACKAGES } from './constants';

export type PackageName = keyof typeof MEMBERSHIP_PACKAGES;
export const PACKAGE_NAMES = Object.keys(MEMBERSHIP_PACKAGES) as PackageName[];

/** '$19' for 1900 minor units; cents only when there are any. */
export const displayPrice = (minorUnits: number) => `$${minorUnits % 100 === 0 ? minorUnits / 100 : (minorUnits / 100).toFixed(2)}`;

/**
 * `POST /payment`. Only the package's name and the card provider's token count: the price, amount and
 * badge come from MEMBERSHIP_PACKAGES on the server. The spec's client also sends email, badge and
 * price; they are accepted and ignored. The name must match exactly (case-sensitive).
 */
export const PaymentBody = z.object({
  package: z.enum(PACKAGE_NAMES as [PackageName, ...PackageName[]], { error: 'Invalid Package' }),
  stripeToken: z.string({ error: 'Card information is incomplete' }).trim().min(1, 'Card information is incomplete').max(255, 'Card information is incomplete'),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

/**
 * The answers of `POST /payment`: paid and the badge granted (`position` lets the next reads show
 * it); with Stripe, accepted and waiting for Stripe's confirmation (the badge arrives with it, pushed
 * live), or a 3-D Secure step for the browser to finish with the client secret.
 */
export const PaymentAnswer = z.union([
  z.object({ message: z.string(), badge: z.string(), position: z.string().optional() }),
  z.object({ message: z.string(), pending: z.literal(true) }),
  z.object({ requiresAction: z.literal(true), clientSecret: z.string() }),
]);
export type PaymentAnswer = z.infer<typeof PaymentAnswer>;

/**
 * Test card tokens of the sandbox provider (the embedded default), as Stripe's test mode treats them.
 * The sandbox card form turns Stripe's test numbers into these in the browser: no card number is sent.
 */
export const SANDBOX_TOKENS = {
  tok_visa: 'succeeds',
  pm_card_visa: 'succeeds',
  tok_chargeDeclined: 'declined',
} as const;

/** A row of Payment History. */
export const PaymentDto = z.object({
  _id: z.string(),
  email: z.string(),
  package: z.string(),
  badge: z.string(),
  /** For display, e.g. '$19'. */
  price: z.string(),
  /** In minor units (cents). */
  amount: z.number(),
  currency: z.string(),
  date: z.string(),
});
export type PaymentDto = z.infer<typeof PaymentDto>;
