import type { LiveMessages } from '@hostel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useAuthSession, useSession } from './auth';

type ServerEvents = { [E in keyof LiveMessages]: (message: LiveMessages[E]) => void };

/**
 * Keeps one socket.io connection on our own origin, authenticated with the current access token
 * (a new token means a new connection, so the server re-checks the rooms). A `changed` push
 * invalidates the TanStack Query keys that start with its resource: the cache stays the only store.
 */
export function useLiveUpdates(enabled: boolean) {
  const session = useAuthSession();
  const state = useSession();
  const queryClient = useQueryClient();
  const token = state.status === 'signed-in' ? state.token : null;
  const restoring = state.status === 'restoring';

  useEffect(() => {
    if (!enabled || restoring) return;
    // A function, not a value: a reconnect after a network drop presents the token current by then.
    const socket: Socket<ServerEvents> = io({
      path: '/socket.io',
      auth: (send) => {
        const current = session.getState();
        send(current.status === 'signed-in' ? { token: current.token } : {});
      },
    });
    // The whole resource, not just the id: a changed item may also move in or out of a list's page.
    socket.on('changed', ({ resource }) => {
      void queryClient.invalidateQueries({ queryKey: [resource] });
    });
    socket.on('connect_error', (error) => console.warn('Live updates unavailable', error.message));
    return () => {
      socket.disconnect();
    };
  }, [enabled, restoring, token, session, queryClient]);
}
