import { NEWSLETTER_INVALID_LINK, NewsletterSubscribeBody, NewsletterTokenBody, type CommandAnswer } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { nextPosition } from './db';
import { bodyOf, parse, refuse } from './http';

/**
 * The newsletter as the command API takes it: a sign-up "mails" a confirm link (kept here for the test
 * to open, `newsletterLinkFor`), confirming "mails" the unsubscribe link, each link works as the real ones do.
 */
const links = new Map<string, { email: string; kind: 'confirm' | 'unsubscribe' }>();
const mailed = new Map<string, { confirm?: string; unsubscribe?: string }>();
const subscribed = new Set<string>();

const newToken = () => `${crypto.randomUUID()}.${'a'.repeat(43).replace(/a/g, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]!)}`;

/** The token of the latest link of this kind mailed to `email`. */
export const newsletterLinkFor = (email: string, kind: 'confirm' | 'unsubscribe') => mailed.get(email)?.[kind];

export const newsletterHandlers = [
  http.post('/api/newsletter', async ({ request }) => {
    const { email } = parse(NewsletterSubscribeBody, await bodyOf(request), 'body');
    if (!subscribed.has(email)) {
      const token = newToken();
      links.set(token, { email, kind: 'confirm' });
      mailed.set(email, { ...mailed.get(email), confirm: token });
    }
    return HttpResponse.json(
      { message: `Almost done: we sent a link to ${email}. Open it to confirm your subscription.`, position: nextPosition() } satisfies CommandAnswer,
      { status: 202 },
    );
  }),
  http.post('/api/newsletter/confirm', async ({ request }) => {
    const { token } = parse(NewsletterTokenBody, await bodyOf(request), 'body');
    const link = links.get(token);
    if (!link || link.kind !== 'confirm') refuse(400, NEWSLETTER_INVALID_LINK);
    if (subscribed.has(link.email)) return HttpResponse.json({ message: 'Your subscription is already confirmed.' } satisfies CommandAnswer);
    subscribed.add(link.email);
    const unsubscribe = newToken();
    links.set(unsubscribe, { email: link.email, kind: 'unsubscribe' });
    mailed.set(link.email, { ...mailed.get(link.email), unsubscribe });
    return HttpResponse.json({ message: 'Your subscription is confirmed. Thank you!', position: nextPosition() } satisfies CommandAnswer);
  }),
  http.post('/api/newsletter/unsubscribe', async ({ request }) => {
    const { token } = parse(NewsletterTokenBody, await bodyOf(request), 'body');
    const link = links.get(token);
    if (!link || link.kind !== 'unsubscribe') refuse(400, NEWSLETTER_INVALID_LINK);
    if (!subscribed.delete(link.email)) return HttpResponse.json({ message: 'You were already unsubscribed.' } satisfies CommandAnswer);
    return HttpResponse.json({ message: 'You are unsubscribed: we will not email you again.', position: nextPosition() } satisfies CommandAnswer);
  }),
];
