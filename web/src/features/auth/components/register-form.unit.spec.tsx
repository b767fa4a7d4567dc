import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed, uploadedImage } from '@/testing/api/db';
import { answerPages, requests, server } from '@/testing/api/server';
import { fillIn } from '@/testing/fill-in';
import { renderApp } from '@/testing/render-app';

const photo = () => new File(['png'], 'me.png', { type: 'image/png' });

/** Registers on the register screen with these fields; answers the dialog that says how it went, named `outcome`. */
async function register(fields: Record<string, string | File>, outcome: string) {
  const { router } = renderApp('/register');
  await fillIn(userEvent.setup(), fields, 'Sign Up');
  return { router, dialog: await screen.findByRole('dialog', { name: outcome }) };
}

// The pages the user lands on list no meals here.
beforeEach(() => answerPages('/api/meals', []));

describe('register screen', () => {
  it('given empty fields, when submitted, then shows the required texts on their fields and calls nothing', async () => {
    renderApp('/register');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Profile image (optional)')).not.toHaveAttribute('aria-invalid');
    expect(requests('POST', '/api/auth/register')).toHaveLength(0);
  });

  it('given a file that is not an image, when submitted, then refuses it', async () => {
    renderApp('/register');
    // Bypass the picker's accept filter, as a drag-and-drop or another browser might.
    const user = userEvent.setup({ applyAccept: false });

    const photo = await screen.findByLabelText('Profile image (optional)');
    expect(photo).toHaveAttribute('accept', 'image/*');
    await fillIn(
      user,
      {
        Name: 'Nia',
        Email: 'nia@example.com',
        Password: 'secret123',
        'Profile image (optional)': new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
      },
      'Sign Up',
    );

    expect(await screen.findByText('Please choose an image file')).toBeInTheDocument();
    expect(photo).toHaveAttribute('aria-invalid', 'true');
    expect(requests('POST', '/api/auth/register')).toHaveLength(0);
  });

  it('given a profile image, when registering, then registers first, uploads with the new token, saves the photo and goes home', async () => {
    const { router, dialog } = await register(
      { Name: 'Nia Newcomer', Email: 'nia@example.com', 'Profile image (optional)': photo(), Password: 'secret123' },
      'Registration Successful!',
    );

    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests('POST', '/api/auth/register')[0]?.body).toEqual({
      name: 'Nia Newcomer',
      email: 'nia@example.com',
      password: 'secret123',
    });
    const [upload] = requests('POST', '/api/uploads');
    expect(upload?.headers.get('authorization')).toBe('Bearer token-id-nia@example.com');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(requests('POST', '/users')[0]?.body).toEqual({ photo: uploadedImage(1) });
  });

  it('given a failing upload, when registering, then the account still counts as registered', async () => {
    server.use(http.post('/api/uploads', () => HttpResponse.json({ message: 'Disk full' }, { status: 500 })));
    const { router, dialog } = await register(
      { Name: 'Nia', Email: 'nia@example.com', 'Profile image (optional)': photo(), Password: 'secret123' },
      'Registration Successful!',
    );

    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests('POST', '/users')).toHaveLength(0);
  });

  it('given a taken email, when registering, then shows Oops... with the server message', async () => {
    seed({ users: [makeUser({ name: 'Old', email: 'taken@example.com' })] });
    const { router, dialog } = await register({ Name: 'New', Email: 'taken@example.com', Password: 'secret123' }, 'Oops...');
    expect(within(dialog).getByText('An account with this email already exists')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('links back to the login screen', async () => {
    renderApp('/register');
    expect(await screen.findByRole('link', { name: 'Already have an account? Login' })).toHaveAttribute('href', '/SignUp');
  });
});
