import type { EventOf } from '@hostel/contracts';
import { NEWSLETTER_INVALID_LINK, streamName } from '@hostel/contracts';
import { v5 as uuidv5 } from 'uuid';
import type { Decider } from '../kernel/decider';
import { invalid } from '../kernel/errors';
import { exhaustive } from '../kernel/decider';

export type NewsletterEvent = EventOf<'NewsletterSubscriptionRequested'> | EventOf<'NewsletterSubscriptionConfirmed'> | EventOf<'NewsletterUnsubscribed'>;

/**
 * One address's subscription: never asked, a link to confirm out (the latest), subscribed, or left.
 * Each state keeps the hash of the link that brought it there (`tokenHash` of the confirm link once
 * subscribed, `unsubscribeTokenHash` once left), so a second click on that link is told it is done
 * while any other token is refused alike in every state: a forged link learns nothing of the address.
 */
export type NewsletterState =
  | { status: 'none' }
  | { status: 'pending'; email: string; tokenHash: string; expiresAt: string }
  | { status: 'subscribed'; email: string; tokenHash: string | undefined; unsubscribeTokenHash: string }
  | { status: 'unsubscribed'; email: string; unsubscribeTokenHash: string | undefined };

const NEWSLETTER_NAMESPACE = '3d6f2b9a-8c41-4e07-b5d2-6a9e1c7f4b30';
/** One subscription per address (lower case): the same address always decides on the same stream. */
export const subscriptionIdForEmail = (email: string) => uuidv5(email.trim().toLowerCase(), NEWSLETTER_NAMESPACE);
export const newsletterStream = (subscriptionId: string) => streamName('newsletter', subscriptionId);

export type NewsletterCommand =
  /** Mail a link to confirm (a new one each time, until confirmed). */
  | { type: 'RequestSubscription'; subscriptionId: string; email: string; link: { tokenHash: string; sentAt: string; expiresAt: string } }
  /** The confirm link was opened: subscribe, keeping the hash of the unsubscribe link mailed next. */
  | { type: 'ConfirmSubscription'; subscriptionId: string; tokenHash: string; unsubscribeTokenHash: string; now: string }
  /** The unsubscribe link was opened. */
  | { type: 'Unsubscribe'; subscriptionId: string; tokenHash: string };

export function evolveNewsletter(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'NewsletterSubscriptionRequested':
      return { status: 'pending', email: event.data.email, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt };
    case 'NewsletterSubscriptionConfirmed': {
      const tokenHash = state.status === 'pending' ? state.tokenHash : undefined;
      return { status: 'subscribed', email: event.data.email, tokenHash, unsubscribeTokenHash: event.data.unsubscribeTokenHash };
    }
    case 'NewsletterUnsubscribed':
      return { status: 'unsubscribed', email: event.data.email, unsubscribeTokenHash: state.status === 'subscribed' ? state.unsubscribeTokenHash : undefined };
    default:
      return exhaustive(event);
  }
}

function decide(command: NewsletterCommand, state: NewsletterState): NewsletterEvent[] {
  switch (command.type) {
    case 'RequestSubscription':
      // Subscribed already: nothing to confirm (the answer is the same, so nobody learns who is subscribed).
      if (state.status === 'subscribed') return [];
      return [{ type: 'NewsletterSubscriptionRequested', data: { subscriptionId: command.subscriptionId, email: command.email, ...command.link } }];
    case 'ConfirmSubscription':
      // A second click on the link that confirmed it changes nothing; any other token is refused, whatever the state.
      if (state.status === 'subscribed' && state.tokenHash === command.tokenHash) return [];
      if (state.status !== 'pending' || state.tokenHash !== command.tokenHash || state.expiresAt <= command.now) throw invalid(NEWSLETTER_INVALID_LINK);
      return [
        {
          type: 'NewsletterSubscriptionConfirmed',
          data: { subscriptionId: command.subscriptionId, email: state.email, unsubscribeTokenHash: command.unsubscribeTokenHash },
        },
      ];
    case 'Unsubscribe':
      if (state.status === 'unsubscribed' && state.unsubscribeTokenHash === command.tokenHash) return [];
      if (state.status !== 'subscribed' || state.unsubscribeTokenHash !== command.tokenHash) throw invalid(NEWSLETTER_INVALID_LINK);
      return [{ type: 'NewsletterUnsubscribed', data: { subscriptionId: command.subscriptionId, email: state.email } }];
    default:
      return exhaustive(command);
  }
}

export const newsletterDecider: Decider<NewsletterCommand, NewsletterEvent, NewsletterState> = {
  initialState: { status: 'none' },
  evolve: evolveNewsletter,
  decide,
};
