import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CommandAnswer, NewsletterSubscribeBody } from '@hostel/contracts';
import { newsletterDecider } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { seed } from '@/testing/api/db';
import { decide, parse } from '@/testing/api/http';
import { answerPages, requests, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

/** The links the test "mailed": tokens shaped as the server's. */
const confirmToken = `${crypto.randomUUID()}.${'c'.repeat(43)}`;
const unsubscribeToken = `${crypto.randomUUID()}.${'u'.repeat(43)}`;

/** The command API's answers to the newsletter's writes, as it words them (the address as the contracts' schema reads it: trimmed, lower case). */
function answerNewsletter() {
  server.use(
    http.post('/api/newsletter', async ({ request }) => {
      // An address the contracts' schema refuses is refused as the services word it.
      const { email } = parse(NewsletterSubscribeBody, await request.json(), 'body');
      const message = `Almost done: we sent a link to ${email}. Open it to confirm your subscription.`;
      return HttpResponse.json({ message, position: '0/1' } satisfies CommandAnswer, { status: 202 });
    }),
    http.post('/api/newsletter/confirm', () =>
      HttpResponse.json({ message: 'Your subscription is confirmed. Thank you!', position: '0/2' } satisfies CommandAnswer),
    ),
    http.post('/api/newsletter/unsubscribe', () =>
      HttpResponse.json({ message: 'You are unsubscribed: we will not email you again.', position: '0/3' } satisfies CommandAnswer),
    ),
  );
}

const footerForm = () => screen.getByRole('form', { name: 'Newsletter' });
const emailField = () => within(footerForm()).getByRole('textbox', { name: 'Email for the newsletter' });

/** On the home page, types `email` into the footer's newsletter field and presses Sign Up. */
async function signUp(email: string) {
  seed({});
  answerNewsletter();
  const rendered = renderApp('/');
  const user = userEvent.setup();
  await user.type(emailField(), email);
  await user.click(within(footerForm()).getByRole('button', { name: 'Sign Up' }));
  return rendered;
}

describe('the footer newsletter', () => {
  // The pages it sits under list no meals here.
  beforeEach(() => answerPages('/api/meals', []));

  it('given an address, when Sign Up is pressed, then it is sent and the footer says a confirmation link is on its way', async () => {
    await signUp('Nia@Example.com');

    expect(await within(footerForm()).findByRole('status')).toHaveTextContent(
      'Almost done: we sent a link to nia@example.com. Open it to confirm your subscription.',
    );
    expect(requests('POST', '/api/newsletter').map((request) => request.body)).toEqual([{ email: 'Nia@Example.com' }]);
    expect(emailField()).toHaveValue('');
  });

  it('given no real address, then says why in the footer, without sending it', async () => {
    await signUp('not-an-email');
    expect(await within(footerForm()).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(requests('POST', '/api/newsletter')).toEqual([]);
  });

  it('given nothing typed, when Sign Up is pressed, then says an email is required, sends nothing, and puts the focus on the field; typing one sends it', async () => {
    seed({});
    answerNewsletter();
    renderApp('/');
    const user = userEvent.setup();
    await user.click(within(footerForm()).getByRole('button', { name: 'Sign Up' }));

    expect(await within(footerForm()).findByText('Email is required')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveFocus();
    expect(requests('POST', '/api/newsletter')).toEqual([]);

    await user.type(emailField(), 'zoe@example.com');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    await user.click(within(footerForm()).getByRole('button', { name: 'Sign Up' }));
    expect(await within(footerForm()).findByText(/Almost done/)).toBeInTheDocument();
    expect(requests('POST', '/api/newsletter').map((request) => request.body)).toEqual([{ email: 'zoe@example.com' }]);
  });

  it('given the mailed links, when opened, then confirms, then unsubscribes, each said in a dialog, and the token leaves the address bar', async () => {
    const first = await signUp('omar@example.com');
    await within(footerForm()).findByText(/Almost done/);
    first.unmount();

    const confirmed = renderApp(`/?newsletter=confirm&token=${confirmToken}`);
    expect(await screen.findByRole('dialog', { name: 'Subscribed!' })).toHaveTextContent('Your subscription is confirmed. Thank you!');
    await waitFor(() => expect(confirmed.router.state.location.search).toBe(''));
    confirmed.unmount();

    renderApp(`/AllMeals?newsletter=unsubscribe&token=${unsubscribeToken}`);
    expect(await screen.findByRole('dialog', { name: 'Unsubscribed' })).toHaveTextContent('You are unsubscribed: we will not email you again.');
    // Each link's token, as the address bar had it.
    expect(requests('POST', '/api/newsletter/confirm').map((request) => request.body)).toEqual([{ token: confirmToken }]);
    expect(requests('POST', '/api/newsletter/unsubscribe').map((request) => request.body)).toEqual([{ token: unsubscribeToken }]);
  });

  it('given a link that is not valid, then says so', async () => {
    seed({});
    // No sign-up awaits that token: the newsletter's decider refuses it.
    server.use(
      http.post('/api/newsletter/confirm', async ({ request }) => {
        const { token } = (await request.json()) as { token: string };
        const command = {
          type: 'ConfirmSubscription',
          subscriptionId: 'x',
          tokenHash: token,
          unsubscribeTokenHash: unsubscribeToken,
          now: new Date().toISOString(),
        } as const;
        decide(newsletterDecider, command);
        return HttpResponse.json({ message: 'Your subscription is confirmed. Thank you!' } satisfies CommandAnswer);
      }),
    );
    renderApp(`/?newsletter=confirm&token=${crypto.randomUUID()}.${'b'.repeat(43)}`);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('This link is not valid. Please sign up again.');
  });
});
