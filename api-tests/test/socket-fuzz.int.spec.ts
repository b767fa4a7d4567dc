import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rooms } from '@hostel/contracts';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Arbitrary socket.io messages to the live server of the whole product, as a visitor and as a
 * signed-in user: any event name, any arguments, with and without an acknowledgement, and raw
 * engine.io frames no client library would send. The process must stay up and keep serving, each
 * known event must be answered (a refusal with a message, or ok), and nothing may reach the log.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
let product: Awaited<ReturnType<typeof startProduct>>;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  product = await startProduct();
  await product.services.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(product.services.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await product?.stop();
});

async function connect(token?: string): Promise<Socket> {
  const socket = connectClient(base, { auth: token ? { token } : {}, transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The product still answers HTTP and a well-formed subscribe on a fresh socket. */
async function stillServing() {
  expect((await fetch(`${base}/health`)).status).toBe(200);
  const probe = await connect();
  expect(await probe.timeout(5000).emitWithAck('subscribe', rooms.upcoming)).toEqual({ ok: true });
  probe.close();
}

const eventName = fc.oneof(
  fc.constantFrom('subscribe', 'unsubscribe', 'changed', 'likes', 'connect', 'disconnecting', 'error', '__proto__', 'constructor', 'toString'),
  fc.string({ maxLength: 40 }),
);
// Control characters, lone surrogates of both halves, an emoji and plain letters, in any mix.
const hostileText = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.constant(0x1f600), fc.integer({ min: 0x61, max: 0x7a })), {
    maxLength: 30,
  })
  .map((codes) => codes.map((code) => (code > 0xffff ? String.fromCodePoint(code) : String.fromCharCode(code))).join(''));
const argument = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: false }),
  hostileText,
  fc.constant({ toString: 'x' }),
  fc.constant({ valueOf: 'y', toString: 'x' }),
  fc.constant('x'.repeat(100_000)),
);

describe('socket.io fuzz', () => {
  it('any event with any arguments: known events answered to the sender only, no event appended, the process alive', async () => {
    const visitor = await connect();
    const member = await product.register('Fuzz Member', 'fuzz-member@example.com');
    const signedIn = await connect(member.token);
    const before = await product.eventCount();

    await fc.assert(
      fc.asyncProperty(fc.boolean(), eventName, fc.array(argument, { maxLength: 4 }), async (asMember, event, args) => {
        const socket = asMember ? signedIn : visitor;
        if (!socket.connected) throw new Error(`the server dropped a socket after ${event}`);
        if (event === 'subscribe' || event === 'unsubscribe') {
          // A known event answers every call that asks for an answer.
          const answer = (await socket.timeout(5000).emitWithAck(event, ...args)) as { ok: boolean; message?: string };
          if (answer.ok === false) expect(typeof answer.message).toBe('string');
        } else {
          // socket.io-client refuses to emit its own reserved names; the raw frames below send them.
          if (['connect', 'disconnecting', 'error'].includes(event)) return;
          socket.emit(event, ...args);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );

    await stillServing();
    expect(visitor.connected && signedIn.connected).toBe(true);
    expect(await product.eventCount()).toBe(before);
  });

  it('raw engine.io frames no client library would send: the connection may be dropped, the server keeps serving', async () => {
    const url = `${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const frames = fc.oneof(
      fc.string({ maxLength: 200 }).map((body) => `42${body}`),
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 3 }).map((json) => `42${json}`),
      fc.constantFrom(
        '42["subscribe",{"toString":"x"}]',
        '42["unsubscribe",{"toString":"x"}]',
        '42["subscribe"',
        '42[',
        '4',
        '2',
        '1',
        '6',
        '40{"token":{"toString":"x"}}',
        '41',
        '43',
        '451-["subscribe",{"_placeholder":true,"num":0}]',
        '42["subscribe","\u0000"]',
        '42["subscribe","\ud800"]',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(frames, { minLength: 1, maxLength: 5 }), async (batch) => {
        const raw = new WebSocket(url);
        await new Promise<void>((resolve, reject) => {
          raw.once('open', () => resolve());
          raw.once('error', reject);
        });
        raw.send('40');
        for (const frame of batch) raw.send(frame);
        // A round trip on the same connection (or its close) says the frames were all handled.
        await new Promise<void>((resolve) => {
          raw.once('close', () => resolve());
          raw.on('message', (data: Buffer) => {
            if (data.toString().startsWith('43')) resolve();
          });
          raw.send('420["subscribe","upcoming"]', (error) => error && resolve());
        });
        raw.terminate();
      }),
      { seed: SEED, numRuns: 150 },
    );
    await stillServing();
  });
});
