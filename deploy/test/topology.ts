/**
 * The distributed deployment as separate processes on this machine, for the system test and
 * `npm run bench:scale`: each service is its built JavaScript (`node <service>/dist/main.js`, no
 * tsx), configured by its environment alone, with its JSON log lines kept for the test to read;
 * Redis is a private redis-server of this test (Debian's binary, append-only, its own port and
 * directory) so it can be killed and started again without touching the machine's.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '@hostel/platform/net';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Polls `check` until it answers something other than undefined, at most `timeoutMs`: waiting on an
 * observable condition (a health answer, a row, a log line), never on time alone.
 */
export async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await delay(everyMs);
  }
}

export interface LogLine {
  level?: number;
  msg?: string;
  correlationId?: string;
  [key: string]: unknown;
}

export interface ServiceProcess {
  name: string;
  service: 'command-api' | 'read-api' | 'projector';
  port: number;
  url: string;
  child: ChildProcess;
  /** Every JSON line it printed on standard output, parsed. */
  logs: LogLine[];
  /** What it printed on standard error. */
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
}

/** Starts `node <service>/dist/main.js` and waits until `/health/ready` answers 200. */
export async function startService(
  service: ServiceProcess['service'],
  options: { name: string; env: Record<string, string>; port?: number; readyTimeoutMs?: number; spawned?: (process: ServiceProcess) => void },
): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, service, 'dist', 'main.js')], {
    cwd: root,
    // Only what the deployment sets: no variable of the test's own environment leaks in.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOG_LEVEL: 'info', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const started: ServiceProcess = { name: options.name, service, port, url, child, logs, stderr: () => stderr, exited, alive };
  options.spawned?.(started);
  await until(
    `${options.name} to be ready`,
    async () => {
      if (!alive()) throw new Error(`${options.name} exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
      const response = await fetch(`${url}/health/ready`).catch(() => undefined);
      return response?.status === 200 ? true : undefined;
    },
    options.readyTimeoutMs ?? 60_000,
    100,
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return started;
}

/** Stops a process with `signal` and waits for it to be gone. */
export async function stop(process: { child: ChildProcess; exited: Promise<unknown>; alive(): boolean }, signal: NodeJS.Signals = 'SIGTERM') {
  if (process.alive()) process.child.kill(signal);
  await process.exited;
}

export interface RedisProcess {
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  alive(): boolean;
  /** Starts it again on the same port and directory: what it had written to its append-only file comes back. */
  restart(): Promise<RedisProcess>;
  /** Kills it and deletes its directory. */
  remove(): Promise<void>;
}

/**
 * A private Redis (Debian's redis-server), persisting every write to its append-only file before
 * answering (`appendfsync always`), as the job queue needs: the machine's Redis is shared with other
 * tests and is never restarted here.
 */
export async function startRedis(options: { port?: number; dir?: string } = {}): Promise<RedisProcess> {
  const port = options.port ?? (await freePort());
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'hostel-redis-'));
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
      '--daemonize',
      'no',
      '--logfile',
      '',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<unknown>((resolve) => child.once('exit', resolve));
  child.once('error', (error) => (output += String(error)));
  const alive = () => child.exitCode === null && child.signalCode === null;
  await until(`redis-server on ${port}`, () => {
    if (!alive()) throw new Error(`redis-server exited: ${output}`);
    return /Ready to accept connections/.test(output) ? true : undefined;
  });
  const redis: RedisProcess = {
    port,
    url: `redis://127.0.0.1:${port}`,
    child,
    exited,
    alive,
    restart: async () => {
      if (alive()) child.kill('SIGKILL');
      await exited;
      return startRedis({ port, dir });
    },
    remove: async () => {
      if (alive()) child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return redis;
}

/** JSON over HTTP, as the web app calls the API. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(base + path, {
    method,
    ...(options.signal ? { signal: options.signal } : {}),
    headers: {
      ...options.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** A 1×1 PNG: the media endpoint re-encodes whatever it accepts. */
export async function uploadImage(base: string, token: string): Promise<string> {
  const form = new FormData();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z/C/HgAGgwJ/lK3Q6wAAAABJRU5ErkJggg==', 'base64');
  form.append('file', new Blob([png], { type: 'image/png' }), 'meal.png');
  const response = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

/** The samples of a Prometheus text exposition: `name{labels} value`. */
export function parseMetrics(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) return { name: line, labels: {}, value: Number.NaN };
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** A service's samples, scraped from its `/metrics`. */
export async function scrape(url: string): Promise<ReturnType<typeof parseMetrics>> {
  return parseMetrics(await (await fetch(`${url}/metrics`)).text());
}

export interface TcpProxy {
  port: number;
  /** Refuses new connections and drops the open ones: to the client, the server is gone. */
  cut(): Promise<void>;
  /**
   * Drops the open connections and takes new ones without ever answering: to the client, a server
   * that went silent (a stopped container's address, a partition), where only its own time limits help.
   */
  silence(): Promise<void>;
  /** Forwards again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP forwarder in front of the machine's PostgreSQL, so a test can take "PostgreSQL" away from one
 * service (and give it back) without stopping the server every other test shares.
 */
export async function startTcpProxy(target: { host: string; port: number }, port?: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let silent = false;
  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      const opened = createServer((client) => {
        if (silent) {
          sockets.add(client);
          client.on('error', () => client.destroy()).on('close', () => sockets.delete(client));
          return;
        }
        const upstream = createConnection(target);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      opened.once('error', reject);
      opened.listen(on, '127.0.0.1', () => {
        server = opened;
        resolve((opened.address() as { port: number }).port);
      });
    });
  const bound = await listen(port ?? 0);
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    silent = false;
    dropAll();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  const silence = async () => {
    silent = true;
    dropAll();
    if (!server) await listen(bound);
  };
  const restore = async () => {
    silent = false;
    dropAll();
    if (!server) await listen(bound);
  };
  return { port: bound, cut, silence, restore, close: cut };
}
