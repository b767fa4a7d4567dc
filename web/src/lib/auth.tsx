import type { UserDto } from '@hostel/contracts';
import { createContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from './api-client';
import type { AuthSession, SessionState } from './auth-session';
import { useProvided } from './use-provided';

interface AuthContextValue {
  session: AuthSession;
  api: ApiClient;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Makes one session and its API client available to the whole tree. */
export function AuthProvider({ session, api, children }: AuthContextValue & { children: ReactNode }) {
  // One value while the session and client stay: a new one would reach every reader of the context.
  const value = useMemo(() => ({ session, api }), [session, api]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

function useAuthContext() {
  return useProvided(AuthContext, 'useSession and useApi need an AuthProvider above them');
}

/** The session object, for actions: sign in, sign out, refresh. */
export function useAuthSession(): AuthSession {
  return useAuthContext().session;
}

/** The current session state; re-renders on every change. */
export function useSession(): SessionState {
  const { session } = useAuthContext();
  // Hydrating, whenever a part of the page does, it renders the session the server drew with; React
  // renders it again with the current one straight after.
  return useSyncExternalStore(session.subscribe, session.getState, session.getInitialState);
}

/** The signed-in user, or null while restoring or when signed out. */
export function useSessionUser() {
  const state = useSession();
  return state.status === 'signed-in' ? state.user : null;
}

/**
 * Whether the screens offer actions that change something (like, review, request). An auditor reads
 * everything and changes nothing (the server answers their writes 403), so they see counts, not buttons.
 */
export function useCanAct(): boolean {
  return useSessionUser()?.role !== 'auditor';
}

export function useApi(): ApiClient {
  return useAuthContext().api;
}

/**
 * Roles live in the access token, so a promotion made since sign-in needs a new token. When a fresh
 * read shows another role than the session's, this refreshes the session once. Answers true when the
 * session is in step with `freshRole` or the one attempt has finished.
 */
export function useRoleSync(freshRole: UserDto['role'] | undefined): boolean {
  const session = useAuthSession();
  const user = useSessionUser();
  const started = useRef(false);
  const [done, setDone] = useState(false);
  const differs = Boolean(freshRole && user && freshRole !== user.role);

  useEffect(() => {
    if (!differs || started.current) return;
    started.current = true;
    void session.refresh().finally(() => setDone(true));
  }, [differs, session]);

  return !differs || done;
}
