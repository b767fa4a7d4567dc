import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seed } from '@/testing/api/db';
import { newsletterLinkFor } from '@/testing/api/newsletter';
import { requests } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const footerForm = () => screen.getByRole('form', { name: 'Newsletter' });
const emailField = () => within(footerForm()).getByRole('textbox', { name: 'Email for the newsletter' });

/** On the home page, types `email` into the footer's newsletter field and presses Sign Up. */
async function signUp(email: string) {
  seed({});
  const rendered = renderApp('/');
  const user = userEvent.setup();
  await user.type(emailField(), email);
  await user.click(within(footerForm()).getByRole('button', { name: 'Sign Up' }));
  return rendered;
}

describe('the footer newsletter', () => {
  it('given an address, when Sign Up is pressed, then it is sent and the footer says a confirmation link is on its way', async () => {
    await signUp('Nia@Example.com');

    expect(await within(footerForm()).findByRole('status')).toHaveTextContent(
      'Almost done: we sent a link to nia@example.com. Open it to confirm your subscription.',
    );
    expect(requests('POST', '/api/newsletter').map((request) => request.body)).toEqual([{ email: 'Nia@Example.com' }]);
    expect(emailField()).toHaveValue('');
  });

  it('given no real address, then says why in the footer', async () => {
    await signUp('not-an-email');
    expect(await within(footerForm()).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('given the mailed links, when opened, then confirms, then unsubscribes, each said in a dialog, and the token leaves the address bar', async () => {
    const first = await signUp('omar@example.com');
    await within(footerForm()).findByText(/Almost done/);
    first.unmount();

    const confirmed = renderApp(`/?newsletter=confirm&token=${newsletterLinkFor('omar@example.com', 'confirm')}`);
    expect(await screen.findByRole('dialog', { name: 'Subscribed!' })).toHaveTextContent('Your subscription is confirmed. Thank you!');
    await waitFor(() => expect(confirmed.router.state.location.search).toBe(''));
    confirmed.unmount();

    renderApp(`/AllMeals?newsletter=unsubscribe&token=${newsletterLinkFor('omar@example.com', 'unsubscribe')}`);
    expect(await screen.findByRole('dialog', { name: 'Unsubscribed' })).toHaveTextContent('You are unsubscribed: we will not email you again.');
  });

  it('given a link that is not valid, then says so', async () => {
    seed({});
    renderApp(`/?newsletter=confirm&token=${crypto.randomUUID()}.${'b'.repeat(43)}`);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('This link is not valid. Please sign up again.');
  });
});
