import { SESSION_MARKER_COOKIE } from '@hostel/contracts/plain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthSession, initialSessionState } from './auth-session';

describe('where a page starts', () => {
  afterEach(() => {
    document.cookie = `${SESSION_MARKER_COOKIE}=; max-age=0; path=/`;
  });

  it('given no session marker, then it starts signed out (as the server draws it), and restoring tells no one: the hydrated page does not render again', async () => {
    expect(initialSessionState()).toEqual({ status: 'signed-out' });
    const session = createAuthSession(initialSessionState());
    const told = vi.fn();
    session.subscribe(told);
    await session.restore();
    expect(session.getState()).toEqual({ status: 'signed-out' });
    expect(told).not.toHaveBeenCalled();
  });

  it('given the session marker, then it starts restoring', () => {
    document.cookie = `${SESSION_MARKER_COOKIE}=1; path=/`;
    expect(initialSessionState()).toEqual({ status: 'restoring' });
  });
});
