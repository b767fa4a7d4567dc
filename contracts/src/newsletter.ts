import { z } from 'zod';
import { EmailAddress } from './identity';

/**
 * The footer's newsletter: double opt-in by a mailed link, and a link to leave in every mail after.
 *
 * - `POST /api/newsletter` (anyone; body {@link NewsletterSubscribeBody}) → 202 {message}: a link to
 *   confirm is mailed to the address (answered alike whether or not it is subscribed already).
 * - `POST /api/newsletter/confirm` (anyone; body {@link NewsletterTokenBody}, the token of that link) →
 *   200 {message, position}; the mail that follows carries the link to unsubscribe.
 * - `POST /api/newsletter/unsubscribe` (anyone; body {@link NewsletterTokenBody}, the token of the
 *   unsubscribe link) → 200 {message, position}.
 *
 * Errors, always `{message}`: 400 a missing or malformed email, a link not valid (unknown, used up,
 * expired: the same answer whatever the address's subscription, so a forged link tells nothing);
 * 429 too many requests from one network; 503 the mail could not be sent.
 */

const email = EmailAddress;

export const NewsletterSubscribeBody = z.object({ email });
export type NewsletterSubscribeBody = z.infer<typeof NewsletterSubscribeBody>;

export const NEWSLETTER_INVALID_LINK = 'This link is not valid. Please sign up again.';
/** `<subscriptionId>.<secret>`: the subscription's id (a UUID) and 32 random bytes, base64url. */
export const NewsletterToken = z
  .string({ error: NEWSLETTER_INVALID_LINK })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/, NEWSLETTER_INVALID_LINK);
export const NewsletterTokenBody = z.object({ token: NewsletterToken });
export type NewsletterTokenBody = z.infer<typeof NewsletterTokenBody>;
