import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/postgres';
import { launch, stopLauncher, type Launched } from './launcher';

const dataDir = mkdtempSync(join(tmpdir(), 'hostel-restart-'));
let running: Launched | undefined;

async function start(port: number): Promise<string> {
  running = launch({ dataDir, port });
  return running.ready;
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
  if (running) await stopLauncher(running);
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

    expect((await stopLauncher(running!)).code).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const again = await start(port);
    const login = await post(`${again}/api/auth/login`, { email: 'persistent@example.com', password: 'keep-me-1' });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
    // The demo accounts were seeded once, not again.
    expect((await post(`${again}/api/auth/login`, { email: 'student@hostel.test', password: 'student-demo-2025' })).status).toBe(200);
    expect((await stopLauncher(running!)).code).toBe(0);
  }, 180_000);
});
