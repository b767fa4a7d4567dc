import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { type PackageName, type PaymentAnswer, PaymentBody } from '@hostel/contracts';
import { membershipDecider } from '@hostel/domain/deciders';
import { db, makeUser, seed } from '@/testing/api/db';
import { decide } from '@/testing/api/http';
import { requests, server } from '@/testing/api/server';
import { fillIn } from '@/testing/fill-in';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });

/** The command API's answers to a purchase: paid (the badge landed before the answer), or accepted with the badge on its way. */
const paid = (badge: 'Silver' | 'Gold'): PaymentAnswer => ({ message: `You are now a ${badge} member`, badge, position: '0/9' });
const pending: PaymentAnswer = { message: 'Payment received: your membership starts in a moment.', status: 'pending', position: '0/9' };

async function payWithTestCard(path: string) {
  const rendered = renderApp(path);
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: /Package Checkout/ });
  // The card form shows once the plan held is known (only upgrades are sold).
  await fillIn(user, { 'Card number': '4242424242424242', 'Expiry (MM / YY)': '1234', CVC: '123' }, 'Pay Now');
  return rendered;
}

describe('checkout in test mode', () => {
  it('given the badge has not landed when the payment answers, then it says so and waits for the badge before Payment Successful!', async () => {
    seed({ users: [student], signedInAs: student.email });
    server.use(http.post('/payment', () => HttpResponse.json(pending, { status: 202 })));
    const { router } = await payWithTestCard('/checkout/Silver');

    expect(await screen.findByText('Payment received. Your membership starts in a moment...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: 'Payment Successful!' })).not.toBeInTheDocument();

    db.users[0]!.badge = 'silver'; // the grant landed
    const dialog = await screen.findByRole('dialog', { name: 'Payment Successful!' });
    expect(within(dialog).getByText('You are now a Silver member')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userProfile'));
  });

  it('sends one Idempotency-Key per attempt: the same when the attempt is retried, a new one once the server answered', async () => {
    seed({ users: [student], signedInAs: student.email });
    // The first answer never arrives; the second is a refusal; the third pays.
    server.use(
      http.post('/payment', () => HttpResponse.error(), { once: true }),
      http.post('/payment', () => HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 }), { once: true }),
      http.post('/payment', () => HttpResponse.json(paid('Silver'))),
    );
    await payWithTestCard('/checkout/Silver');
    const user = userEvent.setup();
    for (const title of ['Payment Failed', 'Payment Failed']) {
      const dialog = await screen.findByRole('dialog', { name: title });
      await user.click(within(dialog).getByRole('button', { name: /OK|Close/ }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    }
    await screen.findByRole('dialog', { name: 'Payment Successful!' });

    const keys = requests('POST', '/payment').map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('given a paid answer, then Payment Successful! closes by itself after 1.5 s', async () => {
    seed({ users: [student], signedInAs: student.email });
    server.use(http.post('/payment', () => HttpResponse.json(paid('Gold'))));
    await payWithTestCard('/checkout/Gold');
    expect(requests('POST', '/payment').map((request) => request.body)).toEqual([{ package: 'Gold', stripeToken: 'tok_visa' }]);
    expect(await screen.findByRole('dialog', { name: 'Payment Successful!' })).toHaveTextContent('You are now a Gold member');
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Payment Successful!' }));
  });
});

describe('checkout offers only upgrades', () => {
  const goldMember = makeUser({ name: 'Gil Gold', email: 'gil@example.com', badge: 'Gold' });

  it.each([
    ['Gold', 'This is your current plan'],
    ['Silver', 'Included in your Gold plan'],
  ])('given a Gold member at /checkout/%s, then says the plan held and offers no card form', async (name, heading) => {
    seed({ users: [goldMember], signedInAs: goldMember.email });
    renderApp(`/checkout/${name}`);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(
      screen.getByText(`You are a Gold member: the ${name} plan would not raise your badge, so it is not charged. Only a higher plan can be bought.`),
    ).toBeInTheDocument();
    expect(screen.getByText('Current plan').nextElementSibling).toHaveTextContent('Gold');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('given a Gold member at /checkout/Platinum, then says Gold is held and takes the card', async () => {
    seed({ users: [goldMember], signedInAs: goldMember.email });
    renderApp('/checkout/Platinum');
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(screen.getByText('Current plan').nextElementSibling).toHaveTextContent('Gold');
  });

  it('given the server refuses a plan that would not raise the badge (409), then Payment Failed says why', async () => {
    // Gold is paid for, its badge still on its way: the page offers Silver, the membership's decider refuses it.
    seed({ users: [student], signedInAs: student.email });
    const goldBought = [
      {
        type: 'MembershipPurchaseStarted',
        data: { userId: student._id, paymentId: 'gold', package: 'Gold', provider: 'sandbox', startedAt: '2026-11-01T12:00:00.000Z' },
      },
      { type: 'MembershipPurchaseCompleted', data: { userId: student._id, paymentId: 'gold' } },
    ] as const;
    const membership = goldBought.reduce(membershipDecider.evolve, membershipDecider.initialState);
    server.use(
      http.post('/payment', async ({ request }) => {
        const { package: name } = PaymentBody.parse(await request.json());
        const command = { userId: student._id, paymentId: crypto.randomUUID(), package: name as PackageName, provider: 'sandbox' as const };
        decide(
          membershipDecider,
          { type: 'StartPurchase', ...command, heldBadge: null, now: new Date().toISOString(), arrivedAt: membership.length },
          membership,
        );
        return HttpResponse.json(paid('Silver'));
      }),
    );
    await payWithTestCard('/checkout/Silver');
    expect(await screen.findByRole('dialog', { name: 'Payment Failed' })).toHaveTextContent('You are already a Gold member: only a higher plan can be bought.');
  });
});
