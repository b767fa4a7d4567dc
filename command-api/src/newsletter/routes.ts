import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommandAnswer, NewsletterSubscribeBody, NewsletterTokenBody } from '@hostel/contracts';
import { handleCommand, newsletterDecider, newsletterStream, providerUnavailable, subscriptionIdForEmail } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import { newMailedLink, openMailedLink } from '../identity/mailed-links';
import type { MailMessage, SendMail } from '../identity/mailer';

export interface NewsletterDeps {
  store: EventStore;
  /** Where the web app is (the first APP_ORIGIN): the mailed links point there, never at a request's Host. */
  webOrigin: string;
  /** The product's one mailer (SMTP, or the console): confirmation and unsubscribe links go through it. */
  sendMail: SendMail;
}

const PRODUCT_NAME = 'Hostel Meals';
export const NEWSLETTER_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** The unsubscribe link works for as long as the subscription: its expiry is never checked. */
const UNSUBSCRIBE_TTL_MS = 100 * 365 * 24 * 60 * 60 * 1000;

// Only our own words and links: nothing a visitor typed but the address itself goes into the mail.
export function newsletterConfirmMail(to: string, webOrigin: string, token: string): MailMessage {
  return {
    to,
    subject: `Confirm your ${PRODUCT_NAME} newsletter subscription`,
    text: [
      `Someone asked to receive the ${PRODUCT_NAME} newsletter at this address.`,
      '',
      'To confirm, open this link within 24 hours:',
      `${webOrigin}/?newsletter=confirm&token=${encodeURIComponent(token)}`,
      '',
      'If it was not you, ignore this email: you will not be subscribed without the link.',
    ].join('\n'),
  };
}

export function newsletterWelcomeMail(to: string, webOrigin: string, unsubscribeToken: string): MailMessage {
  return {
    to,
    subject: `You are subscribed to the ${PRODUCT_NAME} newsletter`,
    text: [
      `Thank you: this address now receives the ${PRODUCT_NAME} newsletter (new meals and upcoming menus).`,
      '',
      'To unsubscribe at any time, open this link:',
      `${webOrigin}/?newsletter=unsubscribe&token=${encodeURIComponent(unsubscribeToken)}`,
    ].join('\n'),
  };
}

/**
 * The footer's newsletter, double opt-in: subscribing mails a link to confirm; confirming subscribes and
 * mails the link to leave; that link unsubscribes. One stream per address (`newsletter-<id>`), decided
 * by the newsletter decider; only the links' hashes are recorded.
 */
export const newsletterRoutes: FastifyPluginAsync<NewsletterDeps> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { webOrigin } = deps;
  const actorOf = (request: FastifyRequest, subscriptionId: string) => request.actor?.sub ?? `newsletter:${subscriptionId}`;

  // Awaited: the visitor is told the mail left, or that it could not be sent.
  async function send(request: FastifyRequest, message: MailMessage) {
    try {
      await deps.sendMail(message);
    } catch (error) {
      request.log.error({ err: error }, 'newsletter mail not sent');
      throw providerUnavailable('We could not send the email just now. Please try again in a minute.');
    }
  }

  routes.post(
    '/api/newsletter',
    { config: { access: 'public' }, schema: { body: NewsletterSubscribeBody, response: { 202: CommandAnswer } } },
    async (request, reply) => {
      const { email } = request.body;
      const subscriptionId = subscriptionIdForEmail(email);
      const { token, link } = newMailedLink(subscriptionId, NEWSLETTER_CONFIRM_TTL_MS, new Date());
      const result = await handleCommand(
        deps.store,
        newsletterStream(subscriptionId),
        newsletterDecider,
        { type: 'RequestSubscription', subscriptionId, email, link },
        { actor: actorOf(request, subscriptionId), correlationId: request.id },
      );
      // Subscribed already: no mail, and the same answer (nobody learns who reads the newsletter).
      if (result.changed) await send(request, newsletterConfirmMail(email, webOrigin, token));
      reply.code(202);
      return { message: `Almost done: we sent a link to ${email}. Open it to confirm your subscription.`, position: result.position };
    },
  );

  routes.post(
    '/api/newsletter/confirm',
    { config: { access: 'public' }, schema: { body: NewsletterTokenBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const { userId: subscriptionId, tokenHash } = openMailedLink(request.body.token);
      const unsubscribe = newMailedLink(subscriptionId, UNSUBSCRIBE_TTL_MS, new Date());
      const result = await handleCommand(
        deps.store,
        newsletterStream(subscriptionId),
        newsletterDecider,
        { type: 'ConfirmSubscription', subscriptionId, tokenHash, unsubscribeTokenHash: unsubscribe.link.tokenHash, now: new Date().toISOString() },
        { actor: actorOf(request, subscriptionId), correlationId: request.id },
      );
      if (!result.changed) return { message: 'Your subscription is already confirmed.', position: result.position };
      if (result.state.status === 'subscribed') await send(request, newsletterWelcomeMail(result.state.email, webOrigin, unsubscribe.token));
      return { message: 'Your subscription is confirmed. Thank you!', position: result.position };
    },
  );

  routes.post(
    '/api/newsletter/unsubscribe',
    { config: { access: 'public' }, schema: { body: NewsletterTokenBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const { userId: subscriptionId, tokenHash } = openMailedLink(request.body.token);
      const result = await handleCommand(
        deps.store,
        newsletterStream(subscriptionId),
        newsletterDecider,
        { type: 'Unsubscribe', subscriptionId, tokenHash },
        { actor: actorOf(request, subscriptionId), correlationId: request.id },
      );
      return {
        message: result.changed ? 'You are unsubscribed: we will not email you again.' : 'You were already unsubscribed.',
        position: result.position,
      };
    },
  );
};
