import type { Server as HttpServer } from 'node:http';
import { rooms, type LiveEvent, type LiveMessages, type Role } from '@hostel/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

/** Who holds a verified access token. */
export interface LiveIdentity {
  sub: string;
  role: Role;
}

export interface LiveServerOptions {
  /** Answers the identity behind an access token, or undefined when the token is not valid. */
  verifyAccessToken(token: string): Promise<LiveIdentity | undefined>;
  /** With a URL, sockets share rooms across instances and receive what the projector publishes on Redis. */
  redisUrl?: string;
  /** Pub/sub channel prefix, equal to the projector's redis-emitter `key`. Default `socket.io`. */
  redisKey?: string;
  corsOrigin?: string | string[];
}

/** Answer to a `subscribe` or `unsubscribe` message. */
export type RoomAnswer = { ok: true } | { ok: false; message: string };

interface ClientToServerEvents {
  subscribe(room: unknown, ack?: (answer: RoomAnswer) => void): void;
  unsubscribe(room: unknown, ack?: (answer: RoomAnswer) => void): void;
}

type ServerToClientEvents = { [E in LiveEvent]: (payload: LiveMessages[E]) => void };

/** The socket.io server `createLiveServer` answers, typed with the messages of @hostel/contracts. */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

interface SocketData {
  identity?: LiveIdentity;
}

const mealRoomPrefix = rooms.meal('');
const mealId = /^[\w-]{1,64}$/;

/** Rooms anyone, visitor included, may join on request. */
function isPublicRoom(room: string): boolean {
  return (
    room === rooms.upcoming || room === rooms.catalog || (room.startsWith(mealRoomPrefix) && mealId.test(room.slice(mealRoomPrefix.length)))
  );
}

/** The private rooms a signed-in socket is put in on connect; nobody asks for these. */
function privateRooms({ sub, role }: LiveIdentity): string[] {
  return role === 'admin' ? [rooms.user(sub), rooms.adminRequests, rooms.adminUsers] : [rooms.user(sub)];
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
export async function createLiveServer(
  httpServer: HttpServer,
  options: LiveServerOptions,
): Promise<LiveServer> {
  const redis = options.redisUrl ? await connectRedis(options.redisUrl) : undefined;
  const io: LiveServer = new Server(httpServer, {
    serveClient: false,
    ...(options.corsOrigin ? { cors: { origin: options.corsOrigin, credentials: true } } : {}),
    ...(redis
      ? { adapter: createAdapter(redis.pub, redis.sub, options.redisKey ? { key: options.redisKey } : {}) }
      : {}),
  });

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth.token;
    if (token === undefined || token === null || token === '') return next();
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

  io.on('connection', (socket) => {
    socket.on('subscribe', async (room, ack) => {
      if (typeof room !== 'string' || !isPublicRoom(room)) {
        return reply(ack, { ok: false, message: `You may not subscribe to ${String(room)}` });
      }
      await socket.join(room);
      reply(ack, { ok: true });
    });
    socket.on('unsubscribe', async (room, ack) => {
      if (typeof room !== 'string' || !isPublicRoom(room)) {
        return reply(ack, { ok: false, message: `You may not unsubscribe from ${String(room)}` });
      }
      await socket.leave(room);
      reply(ack, { ok: true });
    });
  });

  if (redis) {
    // Commands run in order on the subscriber connection: once PING answers, the adapter's
    // SUBSCRIBE and PSUBSCRIBE are in place.
    await redis.sub.ping();
    httpServer.once('close', redis.close);
  }
  return io;
}

function reply(ack: ((answer: RoomAnswer) => void) | undefined, answer: RoomAnswer): void {
  if (typeof ack === 'function') ack(answer);
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
