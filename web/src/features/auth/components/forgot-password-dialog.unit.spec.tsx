import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { CommandAnswer } from '@hostel/contracts';
import { makeUser, seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
/** The command API's answer, the same whether or not the address has an account. */
const FORGOT_ANSWER = 'If an account uses this email, a link to reset its password is on its way. It works once, within an hour.';

describe("login screen: 'Forgot password?'", () => {
  it('given the email typed on the login form, when asking for a link, then sends it and announces the answer in a live status', async () => {
    seed({ users: [student] });
    server.use(http.post('/api/auth/forgot-password', () => HttpResponse.json({ message: FORGOT_ANSWER } satisfies CommandAnswer)));
    renderApp('/SignUp');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'Sam@Example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveValue('Sam@Example.com');
    // It opens where the person types, not on its close button.
    expect(email).toHaveFocus();
    const status = within(dialog).getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

    expect(await within(dialog).findByText(FORGOT_ANSWER)).toBe(status);
    expect(requests('POST', '/api/auth/forgot-password').map((request) => request.body)).toEqual([{ email: 'sam@example.com' }]);
  });

  it('given no valid email, when asking, then shows the error wired to the field and sends nothing', async () => {
    renderApp('/SignUp');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

    const email = within(dialog).getByLabelText('Email');
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Email is required/);
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requests('POST', '/api/auth/forgot-password')).toHaveLength(0);
  });

  it('given the server refuses (too many requests), then the status says so, and closing leaves the login form as it was', async () => {
    server.use(
      http.post('/api/auth/forgot-password', () => HttpResponse.json({ message: 'Too many requests. Please try again in a minute.' }, { status: 429 })),
    );
    renderApp('/SignUp');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    // The status is there, empty, before the answer: wait for the answer's words in it.
    const status = within(dialog).getByRole('status');
    expect(await within(dialog).findByText('Too many requests. Please try again in a minute.')).toBe(status);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
