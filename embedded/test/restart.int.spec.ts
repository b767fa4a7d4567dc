import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/postgres';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'hostel-restart-'));
let running: ChildProcess | undefined;

/** `npm start`'s launcher as a child process; resolves with its URL once it prints it. */
async function start(port: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'embedded/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`launcher exited (${code}) before it was ready:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: url.includes('/users/admin/') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { token: string; user: { _id: string; role: string } } };
}

afterAll(async () => {
  if (running && running.exitCode === null) await stop(running);
});

describe('npm start', () => {
  it('keeps accounts and roles across a clean SIGTERM restart, which also stops PostgreSQL', async () => {
    const port = await freePort();
    const url = await start(port);
    expect((await fetch(`${url}/health`)).status).toBe(200);

    const admin = await post(`${url}/api/auth/login`, { email: 'admin@hostel.test', password: 'admin-demo-2025' });
    expect(admin.status).toBe(200);
    expect(admin.body.user.role).toBe('admin');
    const student = await post(`${url}/api/auth/register`, { name: 'Persistent', email: 'persistent@example.com', password: 'keep-me-1' });
    expect(student.status).toBe(201);
    const promoted = await post(`${url}/users/admin/${student.body.user._id}`, undefined, admin.body.token);
    expect(promoted.status).toBe(200);

    expect(await stop(running!)).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const again = await start(port);
    const login = await post(`${again}/api/auth/login`, { email: 'persistent@example.com', password: 'keep-me-1' });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
    // The demo accounts were seeded once, not again.
    expect((await post(`${again}/api/auth/login`, { email: 'student@hostel.test', password: 'student-demo-2025' })).status).toBe(200);
    expect(await stop(running!)).toBe(0);
  }, 180_000);
});
