import { NEWSLETTER_INVALID_LINK, NewsletterSubscribeBody, NewsletterTokenBody, type CommandAnswer } from '@hostel/contracts';
import { newsletterDecider, type NewsletterEvent } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { nextPosition } from './db';
import { bodyOf, change, parse, refuse } from './http';

/**
 * The newsletter as the command API takes it, decided by the domain's newsletterDecider on each
 * address's events: a sign-up "mails" a confirm link (kept here for the test to open,
 * `newsletterLinkFor`), confirming "mails" the unsubscribe link. The fake's tokens are their own hashes.
 */
const streams = new Map<string, NewsletterEvent[]>();
const links = new Map<string, string>();
const mailed = new Map<string, { confirm?: string; unsubscribe?: string }>();

const newToken = () => `${crypto.randomUUID()}.${'a'.repeat(43).replace(/a/g, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]!)}`;
/** "Mails" a link: it now opens `email`'s subscription. */
const mail = (email: string, kind: 'confirm' | 'unsubscribe', token: string) => {
  links.set(token, email);
  mailed.set(email, { ...mailed.get(email), [kind]: token });
};

/** The token of the latest link of this kind mailed to `email`. */
export const newsletterLinkFor = (email: string, kind: 'confirm' | 'unsubscribe') => mailed.get(email)?.[kind];

function decided(email: string, command: Parameters<typeof newsletterDecider.decide>[0]) {
  const events = streams.get(email) ?? [];
  const position = change(newsletterDecider, command, events.reduce(newsletterDecider.evolve, newsletterDecider.initialState), (event) => events.push(event));
  streams.set(email, events);
  return position;
}

/** The address a mailed link was sent to (any other token is refused as the decider would). */
const linked = async (request: Request) => {
  const { token } = parse(NewsletterTokenBody, await bodyOf(request), 'body');
  return { token, email: links.get(token) ?? refuse(400, NEWSLETTER_INVALID_LINK) };
};

export const newsletterHandlers = [
  http.post('/api/newsletter', async ({ request }) => {
    const { email } = parse(NewsletterSubscribeBody, await bodyOf(request), 'body');
    const sentAt = new Date();
    const link = { tokenHash: newToken(), sentAt: sentAt.toISOString(), expiresAt: new Date(sentAt.getTime() + 86_400_000).toISOString() };
    const position = decided(email, { type: 'RequestSubscription', subscriptionId: email, email, link });
    if (position) mail(email, 'confirm', link.tokenHash);
    const message = `Almost done: we sent a link to ${email}. Open it to confirm your subscription.`;
    return HttpResponse.json({ message, position: position ?? nextPosition() } satisfies CommandAnswer, { status: 202 });
  }),
  http.post('/api/newsletter/confirm', async ({ request }) => {
    const { token, email } = await linked(request);
    const unsubscribe = newToken();
    const position = decided(email, {
      type: 'ConfirmSubscription',
      subscriptionId: email,
      tokenHash: token,
      unsubscribeTokenHash: unsubscribe,
      now: new Date().toISOString(),
    });
    if (!position) return HttpResponse.json({ message: 'Your subscription is already confirmed.' } satisfies CommandAnswer);
    mail(email, 'unsubscribe', unsubscribe);
    return HttpResponse.json({ message: 'Your subscription is confirmed. Thank you!', position } satisfies CommandAnswer);
  }),
  http.post('/api/newsletter/unsubscribe', async ({ request }) => {
    const { token, email } = await linked(request);
    const position = decided(email, { type: 'Unsubscribe', subscriptionId: email, tokenHash: token });
    if (!position) return HttpResponse.json({ message: 'You were already unsubscribed.' } satisfies CommandAnswer);
    return HttpResponse.json({ message: 'You are unsubscribed: we will not email you again.', position } satisfies CommandAnswer);
  }),
];
