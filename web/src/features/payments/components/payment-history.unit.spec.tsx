import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { type PaymentAnswer, type PaymentDto, SANDBOX_TOKENS } from '@hostel/contracts';
import { makeUser, seed } from '@/testing/api/db';
import { makePayment } from '@/testing/fixtures';
import { requests, server } from '@/testing/api/server';
import { tableNamed } from '@/testing/data-table';
import { fillIn } from '@/testing/fill-in';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
const other = makeUser({ name: 'Olga Other', email: 'olga@example.com' });

async function pay(card: string) {
  const rendered = renderApp('/checkout/Gold');
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Gold Package Checkout' });
  await fillIn(user, { 'Card number': card, 'Expiry (MM / YY)': '1234', CVC: '123' }, 'Pay Now');
  return { ...rendered, user };
}

const rows = () => tableNamed('Payments').rows(3);

/** The member's payments as the read API lists them, newest first: the test's world, which a payment made in it changes. */
function theirPayments(payments: PaymentDto[]) {
  server.use(http.get('/payments', () => HttpResponse.json(payments, { headers: { 'x-total-count': String(payments.length) } })));
  return payments;
}

describe('Payment History', () => {
  it("given a member who pays for Gold, then lists the payment first, before an older one, and not anyone else's", async () => {
    seed({ users: [student, other], signedInAs: student.email });
    const payments = theirPayments([makePayment(student.email, 'Silver')]);
    // The card is taken: the payment is recorded (newest first in the list) and the badge granted.
    server.use(
      http.post('/payment', () => {
        payments.unshift(makePayment(student.email, 'Gold', { date: '2026-11-30T12:00:00.000Z' }));
        return HttpResponse.json({ message: 'You are now a Gold member', badge: 'Gold', position: '0/9' } satisfies PaymentAnswer);
      }),
    );
    const { router, user } = await pay('4242424242424242');
    const paid = await screen.findByRole('dialog', { name: 'Payment Successful!' });
    expect(paid).toHaveTextContent('You are now a Gold member');
    await user.click(within(paid).getByRole('button', { name: /OK|Close/ }));

    await router.navigate('/dashboard/paymentHistory');

    await waitFor(() =>
      expect(rows()).toEqual([
        ['1', 'Gold', '$39'],
        ['2', 'Silver', '$19'],
      ]),
    );
    expect(Object.fromEntries(requests('GET', '/payments').at(-1)!.query)).toEqual({ email: 'sam@example.com', skip: '0', limit: '10' });
  });

  it("given a declined card, then says so in the provider's words and the history stays empty", async () => {
    seed({ users: [student], signedInAs: student.email });
    theirPayments([]);
    // The provider declines the card: nothing is recorded.
    server.use(http.post('/payment', () => HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 })));
    const { router, user } = await pay('4000000000000002');
    // The browser sent the sandbox's token for a declined card, never the number.
    expect(requests('POST', '/payment').map((request) => request.body)).toEqual([{ package: 'Gold', stripeToken: 'tok_chargeDeclined' }]);
    expect(SANDBOX_TOKENS.tok_chargeDeclined).toBe('declined');

    const failed = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(failed).toHaveTextContent('Your card was declined.');
    await user.click(within(failed).getByRole('button', { name: /OK|Close/ }));
    await router.navigate('/dashboard/paymentHistory');

    expect(await screen.findByText('No payment history found yet.')).toBeInTheDocument();
  });
});
