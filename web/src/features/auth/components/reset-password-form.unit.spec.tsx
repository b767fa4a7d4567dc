import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { mailedToken } from '@/testing/fixtures';
import { requests } from '@/testing/api/server';
import { fillIn } from '@/testing/fill-in';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com', password: 'old-password' });
const token = mailedToken(1);

describe('reset password page (the mailed link)', () => {
  it('given mismatched or short passwords, then shows each field its error, wired with aria-invalid and aria-describedby, and sends nothing', async () => {
    seed({ users: [student], resetLinks: { [token]: student.email } });
    renderApp(`/reset-password?token=${token}`);
    const user = userEvent.setup();

    await fillIn(user, { 'New password': '123', 'Confirm new password': '456' }, 'Change password');

    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('The passwords do not match');
    expect(requests('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('given a good link and the same password twice, then changes it, says so, and offers the way back to login', async () => {
    seed({ users: [student], resetLinks: { [token]: student.email } });
    renderApp(`/reset-password?token=${token}`);
    const user = userEvent.setup();

    await fillIn(user, { 'New password': 'brand-new-pass', 'Confirm new password': 'brand-new-pass' }, 'Change password');

    expect(await screen.findByText('Your password has been changed. Please sign in with your new password.')).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/SignUp');
    expect(requests('POST', '/api/auth/reset-password').map((request) => request.body)).toEqual([{ token, password: 'brand-new-pass' }]);
  });

  it("given a used or expired link, then shows the server's words and how to get a new link", async () => {
    seed({ users: [student] });
    renderApp(`/reset-password?token=${token}`);
    const user = userEvent.setup();

    await fillIn(user, { 'New password': 'brand-new-pass', 'Confirm new password': 'brand-new-pass' }, 'Change password');

    expect(await screen.findByText('This link is not valid. Please ask for a new one.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'login page' })).toHaveAttribute('href', '/SignUp');
  });

  it('given a link without a token of ours, then says it is not valid and shows no form', async () => {
    renderApp('/reset-password?token=garbage');

    expect(await screen.findByText('This link is not valid. Please ask for a new one.')).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(requests('POST', '/api/auth/reset-password')).toHaveLength(0);
  });
});
