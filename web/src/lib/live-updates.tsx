import type { LiveMessages } from '@hostel/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { io as openSocket, Socket } from 'socket.io-client';
import { useAuthSession, useSession } from './auth';
import type { AuthSession } from './auth-session';
import { applyCounts } from './live-counts';

type ServerEvents = { [E in keyof LiveMessages]: (message: LiveMessages[E]) => void };
interface ClientEvents {
  subscribe(room: string): void;
  unsubscribe(room: string): void;
}
type LiveSocket = Socket<ServerEvents, ClientEvents>;

/**
 * The public rooms (`meal:<id>`, `meals`, `upcoming`) the screens on show want pushes from. Several
 * screens may want one room, so joins are counted; the socket joins every wanted room again on each
 * (re)connect, because the server forgets a connection's rooms when it drops.
 */
export interface LiveRooms {
  /** Wants pushes from `room` until the answered function is called. */
  join(room: string): () => void;
  /** The connection to join rooms on (null when there is none). */
  attach(socket: LiveSocket | null): void;
  /** Whether a screen on show wants a room; `subscribe` tells when that may have changed. */
  anyWanted(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createLiveRooms(): LiveRooms {
  const wanted = new Map<string, number>();
  const listeners = new Set<() => void>();
  let socket: LiveSocket | null = null;
  const joinAll = () => wanted.forEach((_count, room) => socket?.emit('subscribe', room));
  const changed = () => listeners.forEach((listener) => listener());
  return {
    anyWanted: () => wanted.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(next) {
      socket?.off('connect', joinAll);
      socket = next;
      socket?.on('connect', joinAll);
      if (socket?.connected) joinAll();
    },
    join(room) {
      const count = wanted.get(room) ?? 0;
      wanted.set(room, count + 1);
      if (count === 0 && socket?.connected) socket.emit('subscribe', room);
      if (count === 0 && wanted.size === 1) changed();
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (wanted.get(room) ?? 1) - 1;
        if (remaining > 0) return void wanted.set(room, remaining);
        wanted.delete(room);
        if (socket?.connected) socket.emit('unsubscribe', room);
        if (wanted.size === 0) changed();
      };
    },
  };
}

const LiveRoomsContext = createContext<LiveRooms | null>(null);

export function LiveRoomsProvider({ rooms, children }: { rooms: LiveRooms; children: ReactNode }) {
  return <LiveRoomsContext value={rooms}>{children}</LiveRoomsContext>;
}

/** Receives the pushes of a public room while the calling screen is on show (none for `undefined`). */
export function useLiveRoom(room: string | undefined) {
  const rooms = use(LiveRoomsContext);
  useEffect(() => (room && rooms ? rooms.join(room) : undefined), [room, rooms]);
}

/**
 * What a `changed` push does: the TanStack Query keys that start with its resource are invalidated, so
 * the ones on show refetch. The whole resource, not just the id: a changed item may also move in or
 * out of a list's page.
 */
export function applyChanged(queryClient: QueryClient, { resource }: LiveMessages['changed']) {
  return queryClient.invalidateQueries({ queryKey: [resource] });
}

/**
 * Keeps one socket.io connection on our own origin while something needs live updates: a signed-in
 * user (their own rooms: badge, requests, the admins' queues) or a screen on show that wants a public
 * room. A visitor's page without one (the home page) opens no socket, and socket.io's code loads only
 * when one is opened. The connection is authenticated with the current access token (a new token means
 * a new connection, so the server re-checks the rooms). A `changed` push invalidates the TanStack
 * Query keys that start with its resource; a `counts` push writes the new counts into them. The cache
 * stays the only store.
 */
export function useLiveUpdates(enabled: boolean, rooms: LiveRooms) {
  const session = useAuthSession();
  const state = useSession();
  const queryClient = useQueryClient();
  const token = state.status === 'signed-in' ? state.token : null;
  const restoring = state.status === 'restoring';
  const roomWanted = useSyncExternalStore(rooms.subscribe, rooms.anyWanted);
  const needed = enabled && !restoring && (token !== null || roomWanted);

  useEffect(() => {
    if (!needed) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      stop = connect(io, session, queryClient, rooms);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [needed, token, session, queryClient, rooms]);
}

/** Opens the socket (WebSocket first, long-polling only when that fails) and answers how to close it. */
function connect(io: typeof openSocket, session: AuthSession, queryClient: QueryClient, rooms: LiveRooms) {
  // A function, not a value: a reconnect after a network drop presents the token current by then.
  const socket: LiveSocket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    auth: (send) => {
      const current = session.getState();
      send(current.status === 'signed-in' ? { token: current.token } : {});
    },
  });
  rooms.attach(socket);
  socket.on('changed', (message) => void applyChanged(queryClient, message));
  socket.on('counts', ({ resource, counts }) => applyCounts(queryClient, resource, counts));
  socket.on('connect_error', (error) => console.warn('Live updates unavailable', error.message));
  // The server lets a socket go when its access token expires: connect again, presenting the
  // token current by then (a refused one ends in connect_error; a new token opens a new socket).
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') socket.connect();
  });
  return () => {
    rooms.attach(null);
    socket.disconnect();
  };
}
