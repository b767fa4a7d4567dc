import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePayment, makeUser, seed } from '@/testing/api/db';
import { requests } from '@/testing/api/server';
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

describe('Payment History', () => {
  it("given a member who pays for Gold, then lists the payment first, before an older one, and not anyone else's", async () => {
    seed({ users: [student, other], signedInAs: student.email, payments: [makePayment(student.email, 'Silver'), makePayment(other.email, 'Platinum')] });
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
    const { router, user } = await pay('4000000000000002');

    const failed = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(failed).toHaveTextContent('Your card was declined.');
    await user.click(within(failed).getByRole('button', { name: /OK|Close/ }));
    await router.navigate('/dashboard/paymentHistory');

    expect(await screen.findByText('No payment history found yet.')).toBeInTheDocument();
  });
});
