import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterStream, subscriptionIdForEmail } from '@hostel/domain';
import { startProduct } from '@hostel/embedded/testing';
import { linkOf, tokenOf } from '@hostel/embedded/testing/mailbox';

/** The footer's newsletter: double opt-in by a mailed link, a link to leave, every step an event. */
let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.stop());

const subscribe = (email: unknown) => product.call('POST', '/api/newsletter', { body: { email } });
const confirm = (token: unknown) => product.call('POST', '/api/newsletter/confirm', { body: { token } });
const unsubscribe = (token: unknown) => product.call('POST', '/api/newsletter/unsubscribe', { body: { token } });
const newsletterEvents = async (email: string) =>
  (await product.services.store.readStream(newsletterStream(subscriptionIdForEmail(email)))).map((event) => event.type);

describe('the newsletter', () => {
  it('subscribes by the mailed link, mails the link to leave, and unsubscribes by it, each step recorded', async () => {
    const email = 'Nia.Reader@Example.com';
    const asked = await subscribe(` ${email} `);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe('Almost done: we sent a link to nia.reader@example.com. Open it to confirm your subscription.');

    const confirmMail = await product.mailbox.take('nia.reader@example.com', '/?newsletter=confirm');
    expect(confirmMail.subject).toBe('Confirm your Hostel Meals newsletter subscription');
    const confirmed = await confirm(tokenOf(confirmMail));
    expect([confirmed.statusCode, confirmed.json().message]).toEqual([200, 'Your subscription is confirmed. Thank you!']);
    // The same link again changes nothing.
    expect((await confirm(tokenOf(confirmMail))).json().message).toBe('Your subscription is already confirmed.');

    const welcome = await product.mailbox.take('nia.reader@example.com', '/?newsletter=unsubscribe');
    expect(linkOf(welcome).searchParams.get('newsletter')).toBe('unsubscribe');
    expect(linkOf(confirmMail).searchParams.get('newsletter')).toBe('confirm');
    // Subscribed already: asked again, the same answer and no new mail to confirm.
    const before = product.mailbox.all.length;
    expect((await subscribe(email)).statusCode).toBe(202);
    expect(product.mailbox.all.length).toBe(before);

    const left = await unsubscribe(tokenOf(welcome));
    expect([left.statusCode, left.json().message]).toEqual([200, 'You are unsubscribed: we will not email you again.']);
    expect((await unsubscribe(tokenOf(welcome))).json().message).toBe('You were already unsubscribed.');

    expect(await newsletterEvents('nia.reader@example.com')).toEqual([
      'NewsletterSubscriptionRequested',
      'NewsletterSubscriptionConfirmed',
      'NewsletterUnsubscribed',
    ]);
  });

  it('refuses a link not mailed (or the confirm link used to leave) with 400 and a message, appending nothing', async () => {
    await subscribe('omar@example.com');
    const confirmMail = await product.mailbox.take('omar@example.com', '/?newsletter=confirm');
    const forged = `${tokenOf(confirmMail).split('.')[0]}.${'A'.repeat(43)}`;
    const before = await product.eventCount();
    for (const response of [await confirm(forged), await unsubscribe(tokenOf(confirmMail)), await confirm('not-a-token'), await unsubscribe(undefined)]) {
      expect([response.statusCode, response.json().message]).toEqual([400, 'This link is not valid. Please sign up again.']);
    }
    expect(await product.eventCount()).toBe(before);
  });

  it('answers a forged link exactly alike whatever the address: never signed up, pending, subscribed or unsubscribed', async () => {
    // The subscription id is derived from the address (anyone can compute it): only the secret proves the link.
    const forged = (email: string) => `${subscriptionIdForEmail(email)}.${'B'.repeat(43)}`;
    await subscribe('pending@example.com');
    await subscribe('member@example.com');
    await confirm(tokenOf(await product.mailbox.take('member@example.com', '/?newsletter=confirm')));
    await subscribe('gone@example.com');
    await confirm(tokenOf(await product.mailbox.take('gone@example.com', '/?newsletter=confirm')));
    await unsubscribe(tokenOf(await product.mailbox.take('gone@example.com', '/?newsletter=unsubscribe')));
    expect(await newsletterEvents('member@example.com')).toHaveLength(2);
    expect(await newsletterEvents('gone@example.com')).toHaveLength(3);

    const before = await product.eventCount();
    const answers = [];
    for (const email of ['stranger@example.com', 'pending@example.com', 'member@example.com', 'gone@example.com']) {
      for (const act of [confirm, unsubscribe]) {
        const response = await act(forged(email));
        answers.push({ status: response.statusCode, body: response.json() as unknown });
      }
    }
    expect(answers).toEqual(Array(8).fill({ status: 400, body: { message: 'This link is not valid. Please sign up again.' } }));
    expect(await product.eventCount()).toBe(before);
  });
});
