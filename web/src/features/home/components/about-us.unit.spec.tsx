import type { UserDto } from '@hostel/contracts';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { HydrateLater } from '@/components/hydrate-later';
import { AboutUs } from './about-us';
import { createApiClient } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth';
import { type AuthSession, createAuthSession } from '@/lib/auth-session';

const member: UserDto = {
  _id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  photo: '',
  role: 'user',
  badge: null,
};

const page = (session: AuthSession) => (
  <MemoryRouter>
    <AuthProvider session={session} api={createApiClient(session)}>
      <HydrateLater>
        <AboutUs />
      </HydrateLater>
    </AuthProvider>
  </MemoryRouter>
);

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  document.body.replaceChildren();
});

// Seen on `/` under load: a section below the fold hydrated after the member's session was restored, rendered
// them signed in where the server had drawn 'Join Us' for a session still restoring, and React drew it again.
it('given a section that hydrates after the session was restored, then it hydrates as drawn (no mismatch) and then shows the member', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(createAuthSession({ status: 'restoring' })));
  document.body.append(container);
  expect(container.querySelector('a')).toHaveTextContent('Join Us');
  const drawn = container.querySelector('section');

  const session = createAuthSession({ status: 'restoring' });
  session.signIn({ token: 'token', user: member });
  const recoverable: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, page(session), { onRecoverableError: (error) => recoverable.push(error) });
  });

  expect(recoverable).toEqual([]);
  expect(container.querySelector('section')).toBe(drawn);
  expect(container.querySelector('a')).toBeNull();
  await act(async () => root?.unmount());
});
