import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '@hostel/platform/net';
import { launch, stopLauncher, type Launched } from './launcher';

/**
 * Ctrl+C while requests are still arriving: connections the kernel has taken but the app has not yet
 * read are answered (served, or 503 with a message), never cut off. To hold them there exactly, the
 * launcher is paused (SIGSTOP) while they connect and send, then given SIGINT and let go (SIGCONT).
 */
const ARRIVING = 20;
const launched: Launched[] = [];
afterAll(async () => {
  for (const each of launched) await stopLauncher(each, 'SIGKILL');
});

/** One raw HTTP/1.1 request on its own connection: resolves once connected, with what the server sent back by the end. */
function rawRequest(port: number, path: string) {
  const socket = connect({ host: '127.0.0.1', port });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const connected = new Promise<void>((resolve) => socket.once('connect', resolve));
  const answer = new Promise<{ received: string; error?: string }>((resolve) => {
    socket.once('error', (error: NodeJS.ErrnoException) => resolve({ received, error: error.code ?? error.message }));
    socket.once('close', () => resolve({ received }));
  });
  void connected.then(() => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
  return { connected, answer };
}

it('Ctrl+C while requests are still arriving: each is answered (served, or 503 with a message), none is reset', async () => {
  const port = await freePort();
  const launcher = launch({ dataDir: mkdtempSync(join(tmpdir(), 'hostel-stop-arriving-')), port, env: { RATE_LIMITS: 'off' } });
  launched.push(launcher);
  await launcher.ready;
  const pid = launcher.child.pid!;

  process.kill(pid, 'SIGSTOP');
  const requests = Array.from({ length: ARRIVING }, () => rawRequest(port, '/api/meals?limit=1'));
  // Connected (the kernel's accept queue holds them) and sent, while the app is paused.
  await Promise.all(requests.map((request) => request.connected));
  process.kill(pid, 'SIGINT');
  process.kill(pid, 'SIGCONT');

  const answers = await Promise.all(requests.map((request) => request.answer));
  const statuses = answers.map(({ received, error }) => /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? `no answer (${error ?? 'closed'})`);
  expect(statuses.filter((status) => status !== '200' && status !== '503')).toEqual([]);
  for (const { received } of answers.filter(({ received }) => received.startsWith('HTTP/1.1 503'))) expect(received).toMatch(/"message":"[^"]+"/);
  expect(await launcher.exited, launcher.output()).toEqual({ code: 0, signal: null });
}, 120_000);
