import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_ROOMS_PER_SOCKET, rooms, type LiveMessages } from '@hostel/contracts';
import { createRedisEmitterPublisher, createSocketIoPublisher, type LivePublisher } from '@hostel/messaging/live';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectTestRedis } from '@hostel/platform/testing';
import { createLiveServer, type LiveIdentity, type LiveServer, type RoomAnswer } from './live-server';

/** Stands in for the JWT check (tested with the identity code): a token is a known string. */
const identities: Record<string, LiveIdentity> = {
  'alice-token': { sub: 'alice', role: 'user' },
  // Valid for one more second only.
  get 'carol-expiring-token'(): LiveIdentity {
    return { sub: 'carol', role: 'user', exp: Math.floor(Date.now() / 1000) + 1 };
  },
  'bob-token': { sub: 'bob', role: 'user' },
  'ada-token': { sub: 'ada', role: 'admin' },
};
const verifyAccessToken = async (token: string) => identities[token];

interface Running {
  io: LiveServer;
  url: string;
}
const servers: Running[] = [];
const clients: Socket[] = [];

async function startServer(
  options: { redisUrl?: string; redisKey?: string; visitorSocketsPerAddress?: number; messagesPerSocket?: { burst: number; perSecond: number } } = {},
): Promise<Running> {
  const http = createServer();
  const io = await createLiveServer(http, { verifyAccessToken, ...options });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const running = { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  servers.push(running);
  return running;
}

/** A connected client that records every `changed` push it gets. */
async function connect(url: string, token?: string) {
  const socket = connectClient(url, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  clients.push(socket);
  const received: LiveMessages['changed'][] = [];
  const waiting = new Map<string, (message: LiveMessages['changed']) => void>();
  socket.on('changed', (message: LiveMessages['changed']) => {
    received.push(message);
    waiting.get(message.resource)?.(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return {
    socket,
    received,
    /** Resolves when a `changed` push about `resource` arrives. */
    next: (resource: string) => new Promise((resolve) => waiting.set(resource, resolve)),
    subscribe: (room: string): Promise<RoomAnswer> => socket.emitWithAck('subscribe', room),
    unsubscribe: (room: string): Promise<RoomAnswer> => socket.emitWithAck('unsubscribe', room),
  };
}

/**
 * Pushes arrive in publish order on one connection, so a client that got `marker` has already
 * got everything published before it: that is how the tests see that a push did not arrive.
 */
async function publishThenMarker(
  publisher: LivePublisher,
  client: Awaited<ReturnType<typeof connect>>,
  publications: [room: string, resource: string][],
  markerRoom: string,
) {
  const marker = client.next('marker');
  for (const [room, resource] of publications) publisher.publish(room, 'changed', { resource });
  publisher.publish(markerRoom, 'changed', { resource: 'marker' });
  await marker;
  return client.received.map((message) => message.resource);
}

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await Promise.all(servers.splice(0).map(({ io }) => io.close()));
});

describe('live server, in memory', () => {
  let server: Running;
  let publisher: LivePublisher;
  beforeAll(async () => {
    server = await startServer();
    publisher = createSocketIoPublisher(server.io);
  });

  it('lets a visitor without a token follow public rooms but not admin rooms', async () => {
    // given a socket without a token
    const visitor = await connect(server.url);

    // when it asks for a public room and an admin room
    const upcoming = await visitor.subscribe(rooms.upcoming);
    const meal = await visitor.subscribe(rooms.meal('0b7c1e0a-5d3e-4f7a-9a51-2f4a3c6d8e90'));
    const admin = await visitor.subscribe(rooms.adminUsers);
    const received = await publishThenMarker(publisher, visitor, [[rooms.adminUsers, 'users']], rooms.upcoming);

    // then the public ones are granted, the admin one refused, and only public pushes arrive
    expect([upcoming, meal]).toEqual([{ ok: true }, { ok: true }]);
    expect(admin).toMatchObject({ ok: false });
    expect(received).toEqual(['marker']);
  });

  it('answers any malformed subscribe or unsubscribe to the sender only, and keeps serving everyone', async () => {
    // given a visitor sending hostile messages, and a bystander following the upcoming room
    const attacker = await connect(server.url);
    const bystander = await connect(server.url);
    await bystander.subscribe(rooms.upcoming);

    // when the attacker sends objects that throw on String(), arrays, numbers, nothing, NUL and broken text
    const hostile: unknown[][] = [
      [{ toString: 'x' }],
      [{ toString: 'x', valueOf: 'y' }],
      [['upcoming']],
      [42],
      [],
      [null],
      ['meal:\u0000'],
      ['\ud800'],
      ['x'.repeat(10_000)],
    ];
    const answers: unknown[] = [];
    for (const event of ['subscribe', 'unsubscribe'] as const) {
      for (const args of hostile) answers.push(await attacker.socket.timeout(2000).emitWithAck(event, ...args));
      // and without an acknowledgement at all (nothing to answer, nothing thrown)
      for (const args of hostile) attacker.socket.emit(event, ...args);
    }

    // then each got a refusal with a message, and the server still answers both sockets
    expect(answers).toHaveLength(hostile.length * 2);
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, message: expect.any(String) });
    expect(await attacker.subscribe(rooms.upcoming)).toEqual({ ok: true });
    expect(await publishThenMarker(publisher, bystander, [], rooms.upcoming)).toEqual(['marker']);
  });

  it('refuses a socket with an invalid token', async () => {
    // when a socket connects with a token that does not verify
    const refused = connect(server.url, 'forged-token');

    // then the connection fails with the reason
    await expect(refused).rejects.toThrow('invalid access token');
  });

  it("puts a user in their own room and keeps them out of another user's", async () => {
    // given two signed-in users
    const alice = await connect(server.url, 'alice-token');
    const bob = await connect(server.url, 'bob-token');

    // when Alice asks for Bob's room and pushes go to both rooms
    const intrusion = await alice.subscribe(rooms.user('bob'));
    const bobGot = bob.next('bob request');
    const aliceGot = await publishThenMarker(
      publisher,
      alice,
      [
        [rooms.user('bob'), 'bob request'],
        [rooms.user('alice'), 'alice request'],
      ],
      rooms.user('alice'),
    );
    await bobGot;

    // then each got only their own
    expect(intrusion).toMatchObject({ ok: false });
    expect(aliceGot).toEqual(['alice request', 'marker']);
    expect(bob.received.map((message) => message.resource)).toEqual(['bob request']);
  });

  it('puts an admin in the admin rooms, and a user not', async () => {
    // given an admin and a user
    const ada = await connect(server.url, 'ada-token');
    const alice = await connect(server.url, 'alice-token');

    // when pushes go to the admin rooms
    const adminRooms: [string, string][] = [
      [rooms.adminRequests, 'requests'],
      [rooms.adminUsers, 'users'],
    ];
    const adaGot = await publishThenMarker(publisher, ada, adminRooms, rooms.user('ada'));
    const aliceGot = await publishThenMarker(publisher, alice, adminRooms, rooms.user('alice'));

    // then only the admin got them
    expect(adaGot).toEqual(['requests', 'users', 'marker']);
    expect(aliceGot).toEqual(['marker']);
  });

  it('stops pushing a room after unsubscribe, and will not leave private rooms', async () => {
    // given a user following a meal
    const alice = await connect(server.url, 'alice-token');
    const meal = rooms.meal('m-7');
    await alice.subscribe(meal);

    // when she unsubscribes from it, and tries to leave her own room
    const left = await alice.unsubscribe(meal);
    const leftOwn = await alice.unsubscribe(rooms.user('alice'));
    const received = await publishThenMarker(publisher, alice, [[meal, 'meal']], rooms.user('alice'));

    // then the meal no longer reaches her, her own room still does
    expect(left).toEqual({ ok: true });
    expect(leftOwn).toMatchObject({ ok: false });
    expect(received).toEqual(['marker']);
  });

  it('lets one socket follow at most MAX_ROOMS_PER_SOCKET rooms, says so past it, and takes a new one once it left one', async () => {
    // given a visitor asking for a thousand meal rooms at once, as fast as it can send
    const visitor = await connect(server.url);
    const asked = Array.from({ length: 1000 }, (_, index) => visitor.subscribe(rooms.meal(`m-${index}`)));
    const answers = await Promise.all(asked);

    // then the first 50 are taken and every other is refused with the reason; the server holds 50 for it
    expect(answers.filter((answer) => answer.ok)).toHaveLength(MAX_ROOMS_PER_SOCKET);
    expect(answers.slice(MAX_ROOMS_PER_SOCKET)).toEqual(
      Array(1000 - MAX_ROOMS_PER_SOCKET).fill({ ok: false, message: 'You may follow at most 50 rooms at once: unsubscribe from one first.' }),
    );
    const [held] = await server.io.in(rooms.meal('m-0')).fetchSockets();
    expect(held?.rooms.size).toBe(MAX_ROOMS_PER_SOCKET + 1); // with its own id's room
    // a room it follows already is still fine to ask for, and leaving one makes room for another
    expect(await visitor.subscribe(rooms.meal('m-0'))).toEqual({ ok: true });
    expect(await visitor.unsubscribe(rooms.meal('m-0'))).toEqual({ ok: true });
    expect(await visitor.subscribe(rooms.meal('m-999'))).toEqual({ ok: true });
    expect(await visitor.subscribe(rooms.meal('m-998'))).toMatchObject({ ok: false });
  });
});

describe('live server, visitors per address', () => {
  it('refuses a visitor socket past the cap from one address, saying why; signed-in sockets are not counted, and a visitor leaving frees its place', async () => {
    const { url } = await startServer({ visitorSocketsPerAddress: 3 });
    const visitors = await Promise.all([connect(url), connect(url), connect(url)]);
    await expect(connect(url)).rejects.toThrow(
      'Too many live connections without signing in from your address (at most 3 at once): close some tabs, or sign in.',
    );
    // Signed in, the same address connects and is served.
    const alice = await connect(url, 'alice-token');
    expect(await alice.subscribe(rooms.upcoming)).toEqual({ ok: true });
    visitors[0]!.socket.disconnect();
    const again = await vi.waitFor(() => connect(url), { timeout: 5000, interval: 50 });
    expect(await again.subscribe(rooms.upcoming)).toEqual({ ok: true });
  });
});

describe('live server, messages per socket', () => {
  it('lets a socket that floods messages go, before it reaches the handlers, and keeps serving everyone else', async () => {
    const server = await startServer({ messagesPerSocket: { burst: 100, perSecond: 20 } });
    const publisher = createSocketIoPublisher(server.io);
    // given a visitor that sends its rooms at once (well within the burst), and one that floods
    const screen = await connect(server.url);
    const answers = await Promise.all(Array.from({ length: MAX_ROOMS_PER_SOCKET - 1 }, (_, index) => screen.subscribe(rooms.meal(`m-${index}`))));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const flooder = await connect(server.url);
    const letGo = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
    for (let index = 0; index < 10_000; index++) flooder.socket.emit('subscribe', rooms.upcoming);
    // then the flooder is let go: a subscribe sent after its flood is never answered (messages are
    // handled in order on a socket, so without the limit its answer comes after the flood's)
    const after = flooder.socket.emitWithAck('subscribe', rooms.catalog).then(() => 'answered');
    expect(await Promise.race([letGo, after])).toBe('io server disconnect');
    // and the server goes on serving the other socket, pushes included
    expect(await screen.subscribe(rooms.upcoming)).toEqual({ ok: true });
    expect(await publishThenMarker(publisher, screen, [[rooms.meal('m-1'), 'meal-1']], rooms.upcoming)).toEqual(['meal-1', 'marker']);
  });
});

describe('live server, when the token expires', () => {
  it("lets the socket go at its token's expiry, so it receives no private push after it", async () => {
    // given a signed-in socket whose token expires within the second
    const server = await startServer();
    const publisher = createSocketIoPublisher(server.io);
    const carol = await connect(server.url, 'carol-expiring-token');
    const disconnected = new Promise<string>((resolve) => carol.socket.once('disconnect', resolve));
    expect(await publishThenMarker(publisher, carol, [], rooms.user('carol'))).toEqual(['marker']);

    // when the expiry passes, then the server has closed the connection
    expect(await disconnected).toBe('io server disconnect');
    // and nobody is left in carol's private room to receive her pushes
    expect(await server.io.in(rooms.user('carol')).fetchSockets()).toEqual([]);
  });
});

/** A raw GET, answered as is: how a stopping server answers a new socket's first request (the WebSocket's upgrade too). */
async function ask(url: string, headers: Record<string, string> = {}): Promise<{ status?: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.once('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    });
    request.once('upgrade', () => reject(new Error('the WebSocket was taken')));
    request.once('error', reject);
  });
}

describe('live server, as it stops', () => {
  it('lets its sockets go (a long-poll held open too), and refuses every new one at once: 503 with Retry-After, the connection closed', async () => {
    // given a socket over a WebSocket and one long-polling
    const { io, url } = await startServer();
    const alice = await connect(url, 'alice-token');
    const polling = connectClient(url, { transports: ['polling'], forceNew: true, reconnection: false });
    clients.push(polling);
    await new Promise<void>((resolve) => polling.once('connect', () => resolve()));
    const letGo = [alice.socket, polling].map((socket) => new Promise((resolve) => socket.once('disconnect', resolve)));

    // when the server begins to stop
    io.letSocketsGo();

    // then each was told to go
    expect(await Promise.all(letGo)).toEqual(['io server disconnect', 'io server disconnect']);
    // and a new socket's first request, long-polling or a WebSocket's upgrade, is refused in the server's words
    const handshake = `${url}/socket.io/?EIO=4&transport=`;
    const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    for (const refused of [await ask(`${handshake}polling`), await ask(`${handshake}websocket`, upgrade)]) {
      expect(refused).toMatchObject({ status: 503, headers: { 'retry-after': '5', connection: 'close' } });
      expect(JSON.parse(refused.body)).toEqual({ message: 'The server is stopping. Please try again in a moment.' });
    }
    // and a client asking again is refused, not let in
    await expect(connect(url)).rejects.toThrow();
  });
});

describe('live server, through Redis', () => {
  let redis: Awaited<ReturnType<typeof connectTestRedis>>;
  let server: Running;
  let publisher: LivePublisher;

  beforeAll(async () => {
    // The adapter's channels are named after the prefix, so this file's servers hear only each other.
    redis = await connectTestRedis('test-live');
    server = await startServer({ redisUrl: redis.url, redisKey: redis.prefix });
    // The projector's side: no socket.io server, only a Redis connection.
    publisher = createRedisEmitterPublisher(redis.redis, { key: redis.prefix });
  });

  afterAll(async () => {
    await redis?.drop();
  });

  it('delivers what the redis-emitter publishes to the right sockets', async () => {
    // given a visitor following upcoming meals and a signed-in user, on a server with the Redis adapter
    const visitor = await connect(server.url);
    await visitor.subscribe(rooms.upcoming);
    const alice = await connect(server.url, 'alice-token');

    // when the projector publishes on Redis, then a marker to each of their rooms
    const markers = [visitor.next('marker'), alice.next('marker')];
    publisher.publish(rooms.upcoming, 'changed', { resource: 'upcoming' });
    publisher.publish(rooms.user('bob'), 'changed', { resource: 'bob request' });
    publisher.publish(rooms.user('alice'), 'changed', { resource: 'alice request' });
    publisher.publish(rooms.upcoming, 'changed', { resource: 'marker' });
    publisher.publish(rooms.user('alice'), 'changed', { resource: 'marker' });
    await Promise.all(markers);

    // then each socket got the pushes of its rooms only
    expect(visitor.received.map((message) => message.resource)).toEqual(['upcoming', 'marker']);
    expect(alice.received.map((message) => message.resource)).toEqual(['alice request', 'marker']);
  });

  it("lets only its own sockets go as it stops: another instance's sockets stay, and get their pushes", async () => {
    // given alice on an instance about to stop, and bob on another, sharing Redis
    const stopping = await startServer({ redisUrl: redis.url, redisKey: redis.prefix });
    const alice = await connect(stopping.url, 'alice-token');
    const bob = await connect(server.url, 'bob-token');
    const aliceLetGo = new Promise((resolve) => alice.socket.once('disconnect', resolve));
    const bobLetGo = new Promise((resolve) => bob.socket.once('disconnect', (reason) => resolve(`let go: ${reason}`)));

    // when the first begins to stop
    stopping.io.letSocketsGo();

    // then alice is let go, and bob still gets what the projector publishes for him
    expect(await aliceLetGo).toBe('io server disconnect');
    const pushed = bob.next('marker').then(() => 'pushed');
    publisher.publish(rooms.user('bob'), 'changed', { resource: 'marker' });
    expect(await Promise.race([pushed, bobLetGo])).toBe('pushed');
  });
});
