import { describe, expect, it } from 'vitest';
import { NEWSLETTER_INVALID_LINK } from '@hostel/contracts';
import { givenDecider } from '../testing/given';
import { type NewsletterEvent, newsletterDecider, subscriptionIdForEmail } from './newsletter';

const given = givenDecider(newsletterDecider);
const id = subscriptionIdForEmail('Nia@Example.com ');
const link = { tokenHash: 'hash-1', sentAt: '2026-11-23T10:00:00.000Z', expiresAt: '2026-11-24T10:00:00.000Z' };
const requested: NewsletterEvent = { type: 'NewsletterSubscriptionRequested', data: { subscriptionId: id, email: 'nia@example.com', ...link } };
const confirmed: NewsletterEvent = {
  type: 'NewsletterSubscriptionConfirmed',
  data: { subscriptionId: id, email: 'nia@example.com', unsubscribeTokenHash: 'bye-1' },
};
const left: NewsletterEvent = { type: 'NewsletterUnsubscribed', data: { subscriptionId: id, email: 'nia@example.com' } };
const request = { type: 'RequestSubscription', subscriptionId: id, email: 'nia@example.com', link } as const;
const confirm = (tokenHash = 'hash-1', now = '2026-11-23T11:00:00.000Z') =>
  ({ type: 'ConfirmSubscription', subscriptionId: id, tokenHash, unsubscribeTokenHash: 'bye-1', now }) as const;
const unsubscribe = (tokenHash = 'bye-1') => ({ type: 'Unsubscribe', subscriptionId: id, tokenHash }) as const;
const refused = { kind: 'validation', message: NEWSLETTER_INVALID_LINK };

describe('newsletter decider', () => {
  it('gives one subscription per address, whatever its case or spaces', () => {
    expect(subscriptionIdForEmail('nia@example.com')).toBe(id);
  });
  it('mails a link to confirm; asking again mails a new one; subscribed already, nothing', () => {
    expect(given().when(request).events).toEqual([requested]);
    expect(given(requested).when({ ...request, link: { ...link, tokenHash: 'hash-2' } }).events?.[0]?.data).toMatchObject({ tokenHash: 'hash-2' });
    expect(given(requested, confirmed).when(request).events).toEqual([]);
    expect(given(requested, confirmed, left).when(request).events).toEqual([requested]);
  });
  it('confirms by the latest link before it expires, once', () => {
    expect(given(requested).when(confirm()).events).toEqual([confirmed]);
    expect(given(requested, confirmed).when(confirm()).events).toEqual([]);
  });
  it('refuses a wrong, superseded or expired link, or one with nothing to confirm', () => {
    expect(given(requested).when(confirm('other')).error).toEqual(refused);
    expect(given(requested).when(confirm('hash-1', '2026-11-24T10:00:00.000Z')).error).toEqual(refused);
    expect(given().when(confirm()).error).toEqual(refused);
    expect(given(requested, confirmed, left).when(confirm()).error).toEqual(refused);
  });
  it('unsubscribes by the unsubscribe link, once; refuses any other token', () => {
    expect(given(requested, confirmed).when(unsubscribe()).events).toEqual([left]);
    expect(given(requested, confirmed, left).when(unsubscribe()).events).toEqual([]);
    expect(given(requested, confirmed).when(unsubscribe('hash-1')).error).toEqual(refused);
    expect(given(requested).when(unsubscribe()).error).toEqual(refused);
  });
  it('refuses a forged token alike whatever the address has done: never asked, pending, subscribed or left', () => {
    for (const history of [[], [requested], [requested, confirmed], [requested, confirmed, left]]) {
      expect(given(...history).when(confirm('forged')).error).toEqual(refused);
      expect(given(...history).when(unsubscribe('forged')).error).toEqual(refused);
    }
  });
});
