import type { UserDto } from '@hostel/contracts';
import { SESSION_MARKER_COOKIE } from '@hostel/contracts/plain';
import { loadSchemas } from './schemas';

/**
 * Whether the browser may hold a refresh cookie: the command API sets a readable marker cookie beside
 * the httpOnly one (and clears both together). Without it there is no session to restore.
 */
export function hasSessionMarker(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_MARKER_COOKIE}=`));
}

/** Where the client stands with the server. `restoring` lasts until the first refresh attempt answers. */
export type SessionState = { status: 'restoring' } | { status: 'signed-out' } | { status: 'signed-in'; token: string; user: UserDto };

/**
 * Where a page starts: signed out when the browser holds no session marker (there is nothing to
 * restore), restoring otherwise. The server draws a public page from the same cookie (read-api's
 * web-app.ts), so the first render here is the server's and a visitor's page does not render again
 * once it is hydrated.
 */
export function initialSessionState(): SessionState {
  return hasSessionMarker() ? { status: 'restoring' } : { status: 'signed-out' };
}

/**
 * The signed-in session: the access token lives only in this object's memory; the refresh token is an
 * httpOnly cookie the browser sends to `/api/auth/refresh`. Components read it through `useSession`.
 */
export interface AuthSession {
  getState(): SessionState;
  /**
   * The state it started in: the one the server drew the page with (the same cookie decides both). A part
   * of the page that hydrates after the session moved on (a HydrateLater section, once the restore has
   * answered) must first render what was drawn, or React finds the server's HTML wrong and draws it again.
   */
  getInitialState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Restores the session from the refresh cookie (only when its marker says there is one); runs once however often it is called. */
  restore(): Promise<void>;
  /** Swaps the refresh cookie for a fresh access token; concurrent callers share one request. */
  refresh(): Promise<boolean>;
  signIn(answer: { token: string; user: UserDto }): void;
  /** Replaces the user after a profile change, keeping the token. */
  updateUser(user: UserDto): void;
  /** Ends the session on the server (a failure is only logged) and locally. */
  signOut(): Promise<void>;
  /** Forgets the session locally, e.g. when the server no longer accepts it. */
  expire(): void;
}

export function createAuthSession(initial: SessionState = { status: 'restoring' }): AuthSession {
  let state: SessionState = initial;
  const listeners = new Set<() => void>();
  let restoring: Promise<void> | null = null;
  let refreshing: Promise<boolean> | null = null;

  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const requestRefresh = async (): Promise<boolean> => {
    let response: Response;
    try {
      response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    } catch (error) {
      // Offline is not a rejection: keep a live session, but a restore must still finish.
      console.warn('Session refresh failed', error);
      if (state.status === 'restoring') set({ status: 'signed-out' });
      return false;
    }
    // The answer's schema loads only now, keeping zod off a visitor's first paint.
    const parsed = response.ok ? (await loadSchemas()).AuthAnswer.safeParse(await response.json().catch(() => null)) : null;
    if (!parsed?.success) {
      set({ status: 'signed-out' });
      return false;
    }
    set({ status: 'signed-in', token: parsed.data.token, user: parsed.data.user });
    return true;
  };

  const session: AuthSession = {
    getState: () => state,
    getInitialState: () => initial,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore() {
      // No marker, no session: a visitor's page makes no refresh call that can only answer 401.
      restoring ??= hasSessionMarker()
        ? session.refresh().then(() => undefined)
        : Promise.resolve(state.status === 'restoring' ? set({ status: 'signed-out' }) : undefined);
      return restoring;
    },
    refresh() {
      refreshing ??= requestRefresh().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    signIn({ token, user }) {
      set({ status: 'signed-in', token, user });
    },
    updateUser(user) {
      if (state.status === 'signed-in') set({ ...state, user });
    },
    async signOut() {
      const token = state.status === 'signed-in' ? state.token : null;
      try {
        const response = await fetch('/api/auth/logout', {
          method: 'POST',
          credentials: 'same-origin',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        if (!response.ok) console.error('Logout failed', response.status);
      } catch (error) {
        console.error('Logout failed', error);
      }
      set({ status: 'signed-out' });
    },
    expire() {
      set({ status: 'signed-out' });
    },
  };
  return session;
}
