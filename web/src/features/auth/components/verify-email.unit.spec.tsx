import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed } from '@/testing/api/db';
import { mailedToken } from '@/testing/fixtures';
import { answerPages, requests, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const token = mailedToken(7);

// The pages the user lands on list no meals here.
beforeEach(() => answerPages('/api/meals', []));

describe('verify email page (the mailed link)', () => {
  beforeEach(() => localStorage.clear());

  it('given a good link, then verifies once and says so', async () => {
    const ann = makeUser({ name: 'Ann', email: 'ann@example.com', emailVerified: false });
    seed({ users: [ann], verificationLinks: { [token]: ann.email } });
    renderApp(`/verify-email?token=${token}`);

    expect(await screen.findByText('Your email is verified.')).toHaveAttribute('role', 'status');
    expect(requests('POST', '/api/auth/verify-email').map((request) => request.body)).toEqual([{ token }]);
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('given a signed-in user, then the session takes a fresh token, so the reminder goes away', async () => {
    const ann = makeUser({ name: 'Ann', email: 'ann@example.com', emailVerified: false });
    seed({ users: [ann], signedInAs: ann.email, verificationLinks: { [token]: ann.email } });
    const { router } = renderApp('/');
    expect(await screen.findByText('Please verify your email address: open the link we mailed you.')).toBeInTheDocument();

    await router.navigate(`/verify-email?token=${token}`);
    expect(await screen.findByText('Your email is verified.')).toBeInTheDocument();
    await waitFor(() => expect(requests('POST', '/api/auth/refresh').length).toBeGreaterThanOrEqual(2));
    await router.navigate('/');
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByText(/Please verify your email/)).not.toBeInTheDocument();
  });

  it('given the page the person was reading while the reminder showed, then ends with a way back there (and Home)', async () => {
    const ann = makeUser({ name: 'Ann', email: 'ann@example.com', emailVerified: false });
    seed({ users: [ann], signedInAs: ann.email, verificationLinks: { [token]: ann.email } });
    const { router } = renderApp('/AllMeals?category=Lunch');
    expect(await screen.findByText('Please verify your email address: open the link we mailed you.')).toBeInTheDocument();

    // The mailed link, opened (in this browser) later.
    await router.navigate(`/verify-email?token=${token}`);

    expect(await screen.findByText('Your email is verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to where you were' })).toHaveAttribute('href', '/AllMeals?category=Lunch');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('given no page to go back to, then offers Home alone', async () => {
    seed({});
    renderApp(`/verify-email?token=${token}`);

    expect(await screen.findByRole('link', { name: 'Go to Home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to where you were' })).not.toBeInTheDocument();
  });

  it('given an unknown or expired link, then shows the server message', async () => {
    server.use(http.post('/api/auth/verify-email', () => HttpResponse.json({ message: 'This link has expired. Please ask for a new one.' }, { status: 400 })));
    renderApp(`/verify-email?token=${token}`);

    expect(await screen.findByText('This link has expired. Please ask for a new one.')).toHaveAttribute('role', 'status');
  });
});

describe('the reminder for signed-in users who have not verified their email', () => {
  it('offers a new link and announces the answer; verified users never see it', async () => {
    const ann = makeUser({ name: 'Ann', email: 'ann@example.com', emailVerified: false });
    seed({ users: [ann], signedInAs: ann.email });
    renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('We sent a new verification link to ann@example.com.')).toHaveAttribute('role', 'status');
    expect(requests('POST', '/api/auth/resend-verification')).toHaveLength(1);
    expect(requests('POST', '/api/auth/resend-verification')[0]?.headers.get('authorization')).toBe(`Bearer token-${ann._id}`);
  });

  it('shows the server refusal (a link sent less than a minute ago) in the same status', async () => {
    const ann = makeUser({ name: 'Ann', email: 'ann@example.com', emailVerified: false });
    seed({ users: [ann], signedInAs: ann.email });
    server.use(
      http.post('/api/auth/resend-verification', () =>
        HttpResponse.json(
          { message: 'A verification email was sent less than a minute ago. Please check your mailbox, or try again in a minute.' },
          { status: 429 },
        ),
      ),
    );
    renderApp('/dashboard/userProfile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(/sent less than a minute ago/)).toHaveAttribute('role', 'status');
  });

  it('is not shown to a verified user', async () => {
    const sam = makeUser({ name: 'Sam', email: 'sam@example.com' });
    seed({ users: [sam], signedInAs: sam.email });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });
});
