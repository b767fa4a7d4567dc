import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, seed, signInBrowser } from '@/testing/api/db';
import { requests } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const googleUser = makeUser({ name: 'Gia Google', email: 'gia@example.com' });

/** A stand-in popup window: what `window.open` hands back. */
function stubPopup() {
  const popup = { closed: false, close: vi.fn() } as unknown as Window;
  const open = vi.fn(() => popup);
  vi.stubGlobal('open', open);
  return { popup, open };
}

function post(data: unknown, origin: string, source: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  });
}

describe('popup sign-in', () => {
  it("given look-alike answers from a foreign origin or another window, when they arrive first, then only the popup's own answer counts", async () => {
    seed({ users: [googleUser], oidcEnabled: true });
    const { popup } = stubPopup();
    renderApp('/SignUp');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    // Had any look-alike been accepted, its "ok" would have won: the first accepted answer decides.
    post({ type: 'oidc-result', ok: true }, 'https://evil.example', popup);
    post({ type: 'oidc-result', ok: true }, window.location.origin, window);
    post({ type: 'something-else', ok: true }, window.location.origin, popup);
    post({ type: 'oidc-result', ok: false, message: 'access_denied' }, window.location.origin, popup);

    const dialog = await screen.findByRole('dialog', { name: 'Google Sign-In Failed' });
    expect(within(dialog).getByText('access_denied')).toBeInTheDocument();
    expect(requests('POST', '/api/auth/refresh')).toHaveLength(0); // none: no session marker, so not even a start-up restore
  });

  it('given the provider is enabled, when the popup reports success, then swaps the cookie for a session and goes home', async () => {
    seed({ users: [googleUser], oidcEnabled: true });
    const { popup, open } = stubPopup();
    const { router } = renderApp('/SignUp');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(open).toHaveBeenCalledWith('/api/auth/oidc/start', 'oidc-sign-in', 'width=500,height=650');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    // The popup's callback has set the refresh cookie by the time it answers.
    signInBrowser(googleUser.email);
    post({ type: 'oidc-result', ok: true }, window.location.origin, popup);

    expect(await screen.findByRole('dialog', { name: 'Logged in as Gia Google' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    { screen: 'the login screen', path: '/SignUp', title: 'Google Sign-In Failed', says: 'access_denied' },
    { screen: 'the register screen', path: '/register', title: 'Google sign-in failed', says: undefined },
  ])('given the provider fails, when the popup says so, then $screen shows $title', async ({ path, title, says }) => {
    seed({ oidcEnabled: true });
    const { popup } = stubPopup();
    renderApp(path);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    post({ type: 'oidc-result', ok: false, message: 'access_denied' }, window.location.origin, popup);

    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog).toBeInTheDocument();
    if (says) expect(within(dialog).getByText(says)).toBeInTheDocument();
  });
});
