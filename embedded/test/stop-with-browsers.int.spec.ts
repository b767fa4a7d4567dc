import { mkdtempSync } from 'node:fs';
import { Agent, get } from 'node:http';
import type { Socket as TcpSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '@hostel/platform/net';
import { launch, stopLauncher, type Launched } from './launcher';

/**
 * Ctrl+C with browsers open: their live sockets are told to go, the sockets they ask for again at
 * once are refused, a WebSocket whose client does not answer is cut, an idle keep-alive connection is
 * closed, and the launcher exits promptly. It took 20 s (its whole drain): the sockets browsers opened
 * again during the stop held it open, and so did a client that never answered its WebSocket's closing.
 *
 * The bound: this stop measured 0.37–0.93 s on the 2-core test machine without the sleeping tab, and
 * 1.2–1.5 s with it (its 1 s wait; 0.23 s with no browser at all), 20.6 s before the fixes. 5 s leaves
 * room for a loaded machine and is still far below the 20 s drain.
 */
const STOP_WITHIN_MS = 5_000;

const launched: Launched[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const each of launched) await stopLauncher(each, 'SIGKILL');
});

/**
 * A tab's live socket as web/src/lib/live-updates.tsx opens it (its path, transports and auth), told
 * apart with `forceNew` as tabs are; like the page, it connects again at once when the server lets it go.
 */
async function browserSocket(url: string, options: { token?: string; transports?: ('websocket' | 'polling')[] } = {}) {
  const socket = io(url, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket', 'polling'],
    tryAllTransports: true,
    auth: (send) => send(options.token ? { token: options.token } : {}),
    forceNew: true,
  });
  sockets.push(socket);
  let connects = 0;
  socket.on('connect', () => (connects += 1));
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') socket.connect();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, disconnected, connects: () => connects };
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A keep-alive connection that has served one request and stays open, idle; resolves with it once the answer is read. */
async function idleKeepAlive(url: string): Promise<TcpSocket> {
  const agent = new Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    const request = get(`${url}/api/meals?limit=1`, { agent }, (response) => {
      response.resume();
      response.once('end', () => resolve(request.socket!));
    });
    request.once('error', reject);
  });
}

it('Ctrl+C with browsers open: every live socket is told to go (one asleep is cut), none is taken again, idle connections close, and the launcher exits 0 at once', async () => {
  const port = await freePort();
  const launcher = launch({ dataDir: mkdtempSync(join(tmpdir(), 'hostel-stop-browsers-')), port });
  launched.push(launcher);
  const url = await launcher.ready;

  // given the tabs of a student and an admin signed in, a visitor's, and one whose WebSocket is blocked (long-polling)
  const student = await signIn(url, 'student@hostel.test', 'student-demo-2025');
  const admin = await signIn(url, 'admin@hostel.test', 'admin-demo-2025');
  const tabs = {
    student: await browserSocket(url, { token: student }),
    admin: await browserSocket(url, { token: admin }),
    visitor: await browserSocket(url),
    polling: await browserSocket(url, { transports: ['polling'] }),
    asleep: await browserSocket(url, { token: student }),
  };
  expect(Object.values(tabs).map((tab) => tab.socket.io.engine.transport.name)).toEqual(['websocket', 'websocket', 'websocket', 'polling', 'websocket']);
  // and a phone gone to sleep: its WebSocket's connection is open, but nothing it is sent is read (nor answered)
  const asleep = (tabs.asleep.socket.io.engine.transport as unknown as { ws: { _socket: TcpSocket } }).ws._socket;
  asleep.pause();
  // and a keep-alive connection idle after its request
  const idle = await idleKeepAlive(url);
  const idleClosed = new Promise<void>((resolve) => idle.once('close', resolve));

  // when Ctrl+C stops the launcher
  const stoppedAt = Date.now();
  const ended = await stopLauncher(launcher, 'SIGINT', 'group');
  const stopMs = Date.now() - stoppedAt;

  // then it exited 0 promptly, having finished everything it waited on
  expect(stopMs, launcher.output()).toBeLessThan(STOP_WITHIN_MS);
  expect(ended, launcher.output()).toEqual({ code: 0, signal: null });
  expect(launcher.output()).not.toMatch(/stopping anyway/);
  // and each tab was told its socket was let go (the phone reads it as it wakes), and was not let in again
  asleep.resume();
  expect(await Promise.all(Object.values(tabs).map((tab) => tab.disconnected))).toEqual(Array(5).fill('io server disconnect'));
  expect(Object.values(tabs).map((tab) => tab.connects())).toEqual([1, 1, 1, 1, 1]);
  // and the idle connection was closed
  await idleClosed;
}, 120_000);
