import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { answerPages, requests } from '@/testing/api/server';
import { fillIn } from '@/testing/fill-in';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com', password: 'right-password' });

/** Signs in on the login screen with these credentials; answers the dialog that says how it went, named `outcome`. */
async function signIn(credentials: { Email: string; Password: string }, outcome: string) {
  seed({ users: [student] });
  const { router } = renderApp('/SignUp');
  const user = userEvent.setup();
  await fillIn(user, credentials, 'Login');
  return { router, user, dialog: await screen.findByRole('dialog', { name: outcome }) };
}

// The pages the user lands on list no meals here.
beforeEach(() => answerPages('/api/meals', []));

describe('login screen', () => {
  it('given empty fields, when submitted, then shows the required texts wired to the fields and calls nothing', async () => {
    seed({ users: [student] });
    renderApp('/SignUp');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(requests('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('given the right credentials, when signing in, then welcomes the user by email and goes home signed in', async () => {
    const { router, user, dialog } = await signIn({ Email: 'Sam@Example.com', Password: 'right-password' }, 'Login Successful');
    expect(within(dialog).getByText('Welcome back, sam@example.com')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join Us' })).not.toBeInTheDocument();
  });

  it('given wrong credentials, when signing in, then shows Login Failed with the server message and stays', async () => {
    const { router, dialog } = await signIn({ Email: 'sam@example.com', Password: 'wrong-password' }, 'Login Failed');
    expect(within(dialog).getByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/SignUp');
  });

  it('links to registration and hides popup sign-in unless the server enables it', async () => {
    renderApp('/SignUp');

    expect(await screen.findByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument());
  });
});
