import { ServerResponse, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { MAX_ROOMS_PER_SOCKET, RoomRequest, rooms, type LiveEvent, type LiveMessages, type Role, type RoomAnswer } from '@hostel/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Logger } from 'pino';
import type { Config } from '@hostel/platform/config';
import { clientAddressOf, STOPPING } from '@hostel/platform/http';
import type { EndedSessions } from '@hostel/platform/sessions';

/** Who holds a verified access token, until when (seconds since the epoch, the token's `exp`), and of which sign-in session. */
export interface LiveIdentity {
  sub: string;
  role: Role;
  exp?: number;
  sid?: string;
}

export interface LiveServerOptions {
  /** Answers the identity behind an access token, or undefined when the token is not valid. */
  verifyAccessToken(token: string): Promise<LiveIdentity | undefined>;
  /** With a URL, sockets share rooms across instances and receive what the projector publishes on Redis. */
  redisUrl?: string;
  /** Pub/sub channel prefix, equal to the projector's redis-emitter `key`. Default `socket.io`. */
  redisKey?: string;
  corsOrigin?: string | string[];
  /** Told about a handler that failed unexpectedly (the socket gets an error answer; the server goes on). */
  onError?: (error: unknown, context: { event: string; socketId: string }) => void;
  /** Sessions that end (signed out): their sockets are let go at once, as at their token's expiry. */
  endedSessions?: Pick<EndedSessions, 'onEnded'>;
  /** Sockets without a token open at once from one address; past it a connection is refused. Default: no cap. */
  visitorSocketsPerAddress?: number;
  /** The client's address behind the proxies the service believes (default: the peer's). */
  clientAddress?: (request: IncomingMessage) => string;
  /**
   * Messages one socket may send: `burst` at once, then `perSecond`. A socket past it is let go
   * (disconnected) before its messages reach the handlers. Default: no limit.
   */
  messagesPerSocket?: { burst: number; perSecond: number };
  /** Told about a socket let go for sending too many messages. */
  onFlood?: (context: { socketId: string; address: string }) => void;
}

/**
 * What one socket may send under `npm start` and read-api (RATE_LIMITS on): a screen sends a handful of
 * subscribes, and at most its rooms again at a reconnection (50 at most, MAX_ROOMS_PER_SOCKET); a socket
 * sending 100,000 small frames held the event loop for seconds (/health/live answered in 2.8 s).
 */
export const MESSAGES_PER_SOCKET = { burst: 200, perSecond: 20 };

export type { RoomAnswer };

/** What clients may send. Typed `unknown`: nothing a client sends is trusted before it is parsed. */
interface ClientToServerEvents {
  subscribe(...args: unknown[]): void;
  unsubscribe(...args: unknown[]): void;
}

type ServerToClientEvents = { [E in LiveEvent]: (payload: LiveMessages[E]) => void };

/** The socket.io server `createLiveServer` answers, typed with the messages of @hostel/contracts. */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData> & {
  /**
   * A stop's first step, before the HTTP server closes: this instance's sockets are told to go (each
   * client sees a disconnect, a long-poll held open is answered, and the connection ends), and every
   * socket asked for from now on (a browser reconnects at once when told to go) is refused at once:
   * 503 with `Retry-After`, as the server answers other requests while it stops. Otherwise the new
   * socket would hold the HTTP server open until the drain gives up. A WebSocket whose client does not
   * answer the closing within CLOSING_ANSWERED_WITHIN_MS is cut.
   */
  letSocketsGo(): void;
};

interface SocketData {
  identity?: LiveIdentity;
}

const mealRoomPrefix = rooms.meal('');
const mealId = /^[\w-]{1,64}$/;

/** Rooms anyone, visitor included, may join on request. */
function isPublicRoom(room: string): boolean {
  return room === rooms.upcoming || room === rooms.catalog || (room.startsWith(mealRoomPrefix) && mealId.test(room.slice(mealRoomPrefix.length)));
}

/** The private rooms a signed-in socket is put in on connect; nobody asks for these. */
function privateRooms({ sub, role }: LiveIdentity): string[] {
  if (role === 'admin') return [rooms.user(sub), rooms.adminRequests, rooms.adminUsers, rooms.audit];
  if (role === 'auditor') return [rooms.user(sub), rooms.audit];
  return [rooms.user(sub)];
}

/**
 * The socket.io server of read-api. A socket authenticates with `auth: { token }` (the HTTP
 * access token); without a token it is an anonymous visitor, with an invalid one it is refused
 * (`connect_error`). A signed-in socket is put in its own `user:<sub>` room, an admin also in the
 * admin rooms; any socket may `subscribe` / `unsubscribe` to the public rooms (`upcoming`,
 * `meal:<id>`) and every other request is refused in the acknowledgement.
 *
 * With `redisUrl` the Redis adapter is subscribed before the promise resolves, so nothing
 * published afterwards is missed; its connections close with the HTTP server.
 */
export async function createLiveServer(httpServer: HttpServer, options: LiveServerOptions): Promise<LiveServer> {
  const redis = options.redisUrl ? await connectRedis(options.redisUrl) : undefined;
  let stopping = false;
  const io: LiveServer = Object.assign(
    new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
      serveClient: false,
      ...(options.corsOrigin ? { cors: { origin: options.corsOrigin, credentials: true } } : {}),
      ...(redis ? { adapter: createAdapter(redis.pub, redis.sub, options.redisKey ? { key: options.redisKey } : {}) } : {}),
    }),
    {
      letSocketsGo() {
        stopping = true;
        // This instance's sockets only: through the Redis adapter, a plain disconnectSockets has every
        // instance let all of its sockets go (and this one only once Redis has echoed the request).
        io.local.disconnectSockets(true);
        // A client that does not answer its WebSocket's closing (a phone asleep, a network gone) would
        // hold the HTTP server open for ws's 30 s: its connection is cut once an answer is overdue.
        setTimeout(() => webSockets.forEach((socket) => socket.destroy()), CLOSING_ANSWERED_WITHIN_MS).unref();
      },
    },
  );
  // The connections WebSockets took (upgraded, they are no longer the HTTP server's to close).
  const webSockets = new Set<Duplex>();
  httpServer.on('upgrade', (_request: IncomingMessage, socket: Duplex) => {
    webSockets.add(socket);
    socket.once('close', () => webSockets.delete(socket));
  });
  // While stopping, a new socket's first request (its handshake, with no session id yet) is answered
  // here and goes no further; a session's own requests still pass, so a socket being let go by
  // polling still gets its disconnect. Every answer then ends its connection, as in the HTTP server.
  io.engine.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if (!stopping || new URL(request.url ?? '/', 'http://localhost').searchParams.has('sid')) return next();
    refuseWhileStopping(request, response);
  });
  io.engine.on('headers', (headers: Record<string, string>) => {
    if (stopping) headers.connection = 'close';
  });

  // Visitors' sockets open per address: a visitor costs nothing to be, so one address could otherwise
  // open thousands (each following up to MAX_ROOMS_PER_SOCKET rooms).
  const visitors = new Map<string, number>();
  const clientAddress = options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '');
  const cap = options.visitorSocketsPerAddress ?? Infinity;

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth.token;
    if (token === undefined || token === null || token === '') {
      // Counted and taken in one turn of the event loop, so a burst cannot all pass the count first.
      // A client already gone is not counted (its connection's close has passed).
      if (socket.conn.readyState !== 'open') return next(new Error('The connection closed during the handshake.'));
      const address = clientAddress(socket.request);
      const open = visitors.get(address) ?? 0;
      if (open >= cap)
        return next(new Error(`Too many live connections without signing in from your address (at most ${cap} at once): close some tabs, or sign in.`));
      visitors.set(address, open + 1);
      // Given back when its connection closes, which also covers a client that left during the handshake.
      socket.conn.once('close', () => {
        const left = (visitors.get(address) ?? 1) - 1;
        if (left > 0) visitors.set(address, left);
        else visitors.delete(address);
      });
      return next();
    }
    let identity: LiveIdentity | undefined;
    try {
      identity = typeof token === 'string' ? await options.verifyAccessToken(token) : undefined;
    } catch {
      return next(new Error('could not verify the access token'));
    }
    if (!identity) return next(new Error('invalid access token'));
    socket.data.identity = identity;
    // Joined before the handshake completes, so a client never misses a push right after `connect`.
    await socket.join(privateRooms(identity));
    next();
  });

  // A session signed out: its sockets go (the client, if it is still someone's, connects again as who it is now).
  options.endedSessions?.onEnded((sessionIds) => {
    for (const socket of io.of('/').sockets.values()) {
      const sid = socket.data.identity?.sid;
      if (sid && sessionIds.has(sid)) socket.disconnect(true);
    }
  });

  io.on('connection', (socket) => {
    // A token bucket per socket, counted on the connection's packets, before socket.io decodes them for
    // the handlers: a socket past it is let go, and the rest of its flood is dropped by engine.io unread.
    const limit = options.messagesPerSocket;
    if (limit) {
      let tokens = limit.burst;
      let last = Date.now();
      const count = (packet: { type: string }) => {
        if (packet.type !== 'message') return;
        const now = Date.now();
        tokens = Math.min(limit.burst, tokens + ((now - last) / 1000) * limit.perSecond);
        last = now;
        if (tokens >= 1) {
          tokens -= 1;
          return;
        }
        socket.conn.off('packet', count);
        options.onFlood?.({ socketId: socket.id, address: clientAddress(socket.request) });
        socket.disconnect(true);
      };
      socket.conn.on('packet', count);
    }

    // A private push must not outlive the token that let the socket in: at its expiry the socket is
    // let go, and the client connects again with its refreshed token (or as a visitor).
    const expiresAt = socket.data.identity?.exp;
    if (expiresAt !== undefined) {
      const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt * 1000 - Date.now()));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
    }

    /**
     * Every message a client sends goes through here: its arguments parsed (the room, then an
     * optional acknowledgement), the answer given to that client only, and an unexpected failure
     * logged and answered, never thrown at the process.
     */
    const answerRoom = (
      event: 'subscribe' | 'unsubscribe',
      /** Does what was asked, or answers why it will not (a string). */
      act: (room: string) => Promise<void> | void | string,
      refusal: (room: string) => string,
    ) =>
      socket.on(event, async (...args: unknown[]) => {
        const ack = typeof args.at(-1) === 'function' ? (args.at(-1) as (answer: RoomAnswer) => void) : undefined;
        const answer = (value: RoomAnswer) => ack?.(value);
        try {
          const room = RoomRequest.safeParse(args[0]);
          if (!room.success) return answer({ ok: false, message: room.error.issues[0]?.message ?? 'Name the room to join' });
          if (!isPublicRoom(room.data)) return answer({ ok: false, message: refusal(room.data) });
          const refused = await act(room.data);
          answer(typeof refused === 'string' ? { ok: false, message: refused } : { ok: true });
        } catch (error) {
          options.onError?.(error, { event, socketId: socket.id });
          answer({ ok: false, message: 'Something went wrong on our side. Please try again.' });
        }
      });
    answerRoom(
      'subscribe',
      (room) => {
        // Counted and joined in one turn of the event loop: a burst of subscribes cannot all pass the count first.
        const watched = [...socket.rooms].filter(isPublicRoom).length;
        if (!socket.rooms.has(room) && watched >= MAX_ROOMS_PER_SOCKET)
          return `You may follow at most ${MAX_ROOMS_PER_SOCKET} rooms at once: unsubscribe from one first.`;
        return socket.join(room);
      },
      (room) => `You may not subscribe to ${room}`,
    );
    answerRoom(
      'unsubscribe',
      (room) => socket.leave(room),
      (room) => `You may not unsubscribe from ${room}`,
    );
  });

  if (redis) {
    // Commands run in order on the subscriber connection: once PING answers, the adapter's
    // SUBSCRIBE and PSUBSCRIBE are in place.
    await redis.sub.ping();
    // The adapter unsubscribes as the server closes: its connections go only after that.
    const closeServer = io.close.bind(io);
    io.close = async (done) => {
      try {
        await closeServer(done);
      } finally {
        redis.close();
      }
    };
  }
  return io;
}

/** How long a stopping server waits for a client to answer its WebSocket's closing (a round trip, a slow phone's too). */
const CLOSING_ANSWERED_WITHIN_MS = 1_000;

/** 503 with Retry-After and the message, on a long-poll's answer or on a WebSocket's connection (its upgrade is not answered yet). */
function refuseWhileStopping(request: IncomingMessage, response: ServerResponse) {
  const body = JSON.stringify({ message: STOPPING.message });
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'retry-after': STOPPING.retryAfter,
    connection: 'close',
  };
  if (response instanceof ServerResponse) return void response.writeHead(503, headers).end(body);
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  request.socket.end(`HTTP/1.1 503 Service Unavailable\r\n${head.join('')}\r\n${body}`);
}

/** Connects both clients first, so an unreachable Redis fails the start at once with the reason. */
async function connectRedis(url: string) {
  const pub = new Redis(url, { lazyConnect: true });
  const sub = pub.duplicate();
  let started = false;
  let refusal: unknown;
  // Later outages are retried by ioredis (the adapter resubscribes): say so instead of crashing.
  for (const client of [pub, sub]) {
    client.on('error', (error) => (started ? console.error('live server redis:', error) : (refusal ??= error)));
  }
  const close = () => {
    pub.disconnect();
    sub.disconnect();
  };
  const connected = await Promise.allSettled([pub.connect(), sub.connect()]);
  const failure = connected.find((result) => result.status === 'rejected');
  if (failure) {
    close();
    throw new Error(`Redis is not reachable at ${url}: ${String(refusal ?? failure.reason)}`);
  }
  started = true;
  return { pub, sub, close };
}

/** The live server as a service starts it: Redis fan-out with REDIS_URL, CORS for APP_ORIGIN, failures logged. */
export function startLiveServer(
  httpServer: HttpServer,
  deps: {
    config: Pick<Config, 'REDIS_URL' | 'APP_ORIGIN' | 'TRUST_PROXY' | 'VISITOR_SOCKETS_PER_ADDRESS' | 'RATE_LIMITS'>;
    verifyAccessToken: LiveServerOptions['verifyAccessToken'];
    endedSessions?: LiveServerOptions['endedSessions'];
    log: Logger;
  },
) {
  const { config, log } = deps;
  return createLiveServer(httpServer, {
    verifyAccessToken: deps.verifyAccessToken,
    ...(deps.endedSessions ? { endedSessions: deps.endedSessions } : {}),
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
    ...(config.APP_ORIGIN.length ? { corsOrigin: config.APP_ORIGIN } : {}),
    ...(config.RATE_LIMITS === 'on' ? { visitorSocketsPerAddress: config.VISITOR_SOCKETS_PER_ADDRESS } : {}),
    clientAddress: clientAddressOf(config.TRUST_PROXY),
    ...(config.RATE_LIMITS === 'on' ? { messagesPerSocket: MESSAGES_PER_SOCKET } : {}),
    onFlood: (context) => log.warn(context, 'live socket let go: it sent more messages than a socket may'),
    onError: (error, context) => log.error({ err: error, ...context }, 'live message handler failed'),
  });
}
