import type { LiveEvent, LiveMessages } from '@hostel/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
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
 * The socket's state as a screen may show it: `off` (no socket is needed), `connecting` (the first
 * connection), `live`, or `reconnecting` (it dropped, or could not connect; socket.io keeps trying).
 */
export type LiveState = 'off' | 'connecting' | 'live' | 'reconnecting';
/** The state, and how many times the socket has connected: a screen that missed pushes while it was down catches up when this grows. */
export interface LiveConnection {
  state: LiveState;
  connects: number;
}

/**
 * What the socket says, for screens that need more than the cache's invalidation: its connection
 * state, and each push as it arrives (the queue screen weighs a push's position against its data; the
 * student's stage toasts). Tests drive it directly: `setState`, `deliver`.
 */
export interface LiveFeed {
  connection(): LiveConnection;
  subscribeConnection(listener: () => void): () => void;
  setState(state: LiveState): void;
  listen<E extends LiveEvent>(event: E, handler: (message: LiveMessages[E]) => void): () => void;
  deliver<E extends LiveEvent>(event: E, message: LiveMessages[E]): void;
}

export function createLiveFeed(): LiveFeed {
  let connection: LiveConnection = { state: 'off', connects: 0 };
  const watchers = new Set<() => void>();
  const handlers = new Map<LiveEvent, Set<(message: never) => void>>();
  return {
    connection: () => connection,
    subscribeConnection(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    setState(state) {
      if (state === connection.state) return;
      connection = { state, connects: connection.connects + (state === 'live' ? 1 : 0) };
      watchers.forEach((listener) => listener());
    },
    listen(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler as (message: never) => void);
      return () => set.delete(handler as (message: never) => void);
    },
    deliver(event, message) {
      handlers.get(event)?.forEach((handler) => (handler as (message: LiveMessages[typeof event]) => void)(message));
    },
  };
}

const LiveFeedContext = createContext<LiveFeed | null>(null);

export function LiveFeedProvider({ feed, children }: { feed: LiveFeed; children: ReactNode }) {
  return <LiveFeedContext value={feed}>{children}</LiveFeedContext>;
}

function useLiveFeed() {
  const feed = use(LiveFeedContext);
  if (!feed) throw new Error('Live updates need a LiveFeedProvider above them');
  return feed;
}

const offline: LiveConnection = { state: 'off', connects: 0 };
/** The socket's state and connection count, re-rendering when either changes. */
export function useLiveConnection(): LiveConnection {
  const feed = use(LiveFeedContext);
  return useSyncExternalStore(
    (listener) => feed?.subscribeConnection(listener) ?? (() => {}),
    () => feed?.connection() ?? offline,
  );
}

/** Calls `handler` with every `event` pushed while the calling component is mounted (the latest handler, without resubscribing). */
export function useLiveMessage<E extends LiveEvent>(event: E, handler: (message: LiveMessages[E]) => void) {
  const feed = useLiveFeed();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => feed.listen(event, (message) => latest.current(message)), [feed, event]);
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
 * Once the connection is back after a drop, the reads on show are read again: pushes sent while it was
 * down were lost, so what a screen shows may be out of date; and a read that failed meanwhile (a page or
 * sort asked for with the server away) recovers by itself rather than wait for someone to ask again.
 * Only the reads on show (active): the others are read as they come on show. Answers how to stop.
 */
export function catchUpOnReconnect(feed: LiveFeed, queryClient: QueryClient) {
  let previous = feed.connection().state;
  return feed.subscribeConnection(() => {
    const { state } = feed.connection();
    if (state === 'live' && previous === 'reconnecting') void queryClient.refetchQueries({ type: 'active' }, { cancelRefetch: false });
    previous = state;
  });
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
export function useLiveUpdates(enabled: boolean, rooms: LiveRooms, feed: LiveFeed) {
  const session = useAuthSession();
  const state = useSession();
  const queryClient = useQueryClient();
  const token = state.status === 'signed-in' ? state.token : null;
  const restoring = state.status === 'restoring';
  const roomWanted = useSyncExternalStore(rooms.subscribe, rooms.anyWanted);
  const needed = enabled && !restoring && (token !== null || roomWanted);

  useEffect(() => {
    if (!needed) return void feed.setState('off');
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      stop = connect(io, session, queryClient, rooms, feed);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [needed, token, session, queryClient, rooms, feed]);
}

/** Opens the socket (WebSocket first, long-polling only when that fails) and answers how to close it. */
function connect(io: typeof openSocket, session: AuthSession, queryClient: QueryClient, rooms: LiveRooms, feed: LiveFeed) {
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
  // A socket replacing another (a new token) starts over as connecting, unless the last one was down.
  if (feed.connection().state !== 'reconnecting') feed.setState('connecting');
  socket.on('connect', () => feed.setState('live'));
  socket.on('changed', (message) => {
    void applyChanged(queryClient, message);
    feed.deliver('changed', message);
  });
  socket.on('counts', ({ resource, counts }) => applyCounts(queryClient, resource, counts));
  socket.on('stage', (message) => {
    void queryClient.invalidateQueries({ queryKey: ['mealRequests'] });
    feed.deliver('stage', message);
  });
  socket.on('connect_error', (error) => {
    console.warn('Live updates unavailable', error.message);
    feed.setState('reconnecting');
  });
  // The server lets a socket go when its access token expires: connect again, presenting the
  // token current by then (a refused one ends in connect_error; a new token opens a new socket).
  socket.on('disconnect', (reason) => {
    feed.setState('reconnecting');
    if (reason === 'io server disconnect') socket.connect();
  });
  return () => {
    rooms.attach(null);
    // Our own close is no lost connection: whoever replaces this socket says what the state is.
    socket.off();
    socket.disconnect();
  };
}
