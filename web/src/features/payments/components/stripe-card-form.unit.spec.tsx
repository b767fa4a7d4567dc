import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { db, makeUser, seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

/**
 * Stripe.js cannot be fetched here (js.stripe.com is out of reach), so its module is replaced by a
 * stand-in at the library boundary: what is checked is our flow around it.
 */
const stripeJs = vi.hoisted(() => ({
  elementsOptions: [] as unknown[],
  submit: vi.fn(async () => ({})),
  createConfirmationToken: vi.fn(async () => ({ confirmationToken: { id: 'ctoken_test' } })),
  handleNextAction: vi.fn(async () => ({})),
}));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async () => ({
    elements: (options: unknown) => {
      stripeJs.elementsOptions.push(options);
      return { create: () => ({ mount: () => undefined, destroy: () => undefined }), submit: stripeJs.submit };
    },
    createConfirmationToken: stripeJs.createConfirmationToken,
    handleNextAction: stripeJs.handleNextAction,
  }),
}));

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
beforeEach(() => {
  vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_offline');
  // Each test waits for its own form's Elements, not an earlier test's.
  stripeJs.elementsOptions.length = 0;
});
afterEach(() => vi.unstubAllEnvs());

describe('checkout in Stripe mode', () => {
  it('sends the ConfirmationToken, finishes 3-D Secure, and completes once the badge arrives', async () => {
    seed({ users: [student], signedInAs: student.email });
    // The fake API's card provider is the sandbox: Stripe's own answers are arranged here.
    server.use(http.post('/payment', () => HttpResponse.json({ requiresAction: true, clientSecret: 'pi_secret' })));
    renderApp('/checkout/Gold');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Gold Package Checkout' });
    await waitFor(() => expect(stripeJs.elementsOptions).toContainEqual({ mode: 'payment', amount: 3900, currency: 'usd' }));

    // Stripe confirms 3-D Secure, then the payment is pending until its webhook grants the badge.
    stripeJs.handleNextAction.mockImplementationOnce(async () => {
      server.use(http.post('/payment', () => HttpResponse.json({ message: 'Payment received', status: 'pending' }, { status: 202 })));
      return {};
    });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(stripeJs.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_secret' }));
    expect(requests('POST', '/payment').map((request) => request.body)).toEqual([{ package: 'Gold', stripeToken: 'ctoken_test' }]);
    expect(screen.queryByText(/4242/)).not.toBeInTheDocument();
  });

  it("waits for the webhook's badge after an accepted payment, then says Payment Successful!", async () => {
    seed({ users: [student], signedInAs: student.email });
    server.use(http.post('/payment', () => HttpResponse.json({ message: 'Payment received', status: 'pending' }, { status: 202 })));
    const { router } = renderApp('/checkout/Gold');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Gold Package Checkout' });
    await waitFor(() => expect(stripeJs.elementsOptions.length).toBeGreaterThan(0));

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Waiting for Stripe to confirm your payment...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    db.users[0]!.badge = 'gold'; // the webhook landed
    const dialog = await screen.findByRole('dialog', { name: 'Payment Successful!' });
    expect(within(dialog).getByText('You are now a Gold member')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userProfile'));
  });

  it("shows Stripe's own message when the card entry is refused", async () => {
    seed({ users: [student], signedInAs: student.email });
    stripeJs.submit.mockResolvedValueOnce({ error: { message: 'Your card number is incomplete.' } } as never);
    renderApp('/checkout/Silver');
    await screen.findByRole('heading', { name: 'Silver Package Checkout' });
    await waitFor(() => expect(stripeJs.elementsOptions.length).toBeGreaterThan(0));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('dialog', { name: 'Payment Failed' })).toHaveTextContent('Your card number is incomplete.');
    expect(requests('POST', '/payment')).toHaveLength(0);
  });
});
