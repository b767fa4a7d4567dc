import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@hostel/platform/net';
import { launch, stopLauncher, type Launched } from './launcher';

const dataDir = mkdtempSync(join(tmpdir(), 'hostel-restart-'));
let running: Launched | undefined;

async function start(port: number): Promise<string> {
  running = launch({ dataDir, port });
  return running.ready;
}

/** `npm run admin -- …` on the embedded database under dataDir: its exit code and what it printed. */
async function adminTool(...args: string[]): Promise<{ code: number; output: string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'ops/src/main.ts', 'admin', ...args], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: { ...env, DATA_DIR: dataDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
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
  it('keeps accounts and roles across a clean SIGTERM restart, which also stops PostgreSQL; the operator grants roles on DATA_DIR stopped or running', async () => {
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
    const operatorMade = await post(`${url}/api/auth/register`, { name: 'Operator Made', email: 'operator-made@example.com', password: 'keep-me-2' });
    expect(operatorMade.status).toBe(201);

    expect((await stopLauncher(running!)).code).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // The operator's grant on DATA_DIR while the product is stopped (the tool starts PostgreSQL for itself and stops it).
    const granted = await adminTool('grant', 'Operator-Made@example.com', '--role', 'auditor');
    expect(granted, granted.output).toMatchObject({ code: 0 });
    expect(granted.output).toMatch(/operator-made@example\.com is now an auditor/);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    const unknown = await adminTool('grant', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/nobody@example\.com: /);
    expect((await adminTool('grant')).code).toBe(2);

    const again = await start(port);
    const login = await post(`${again}/api/auth/login`, { email: 'persistent@example.com', password: 'keep-me-1' });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
    const auditor = await post(`${again}/api/auth/login`, { email: 'operator-made@example.com', password: 'keep-me-2' });
    expect(auditor.body.user.role).toBe('auditor');
    // And while it runs (the tool finds the running PostgreSQL): the role applies from the next sign-in.
    const whileRunning = await adminTool('grant', 'operator-made@example.com');
    expect(whileRunning.output).toMatch(/operator-made@example\.com is now an admin/);
    expect((await post(`${again}/api/auth/login`, { email: 'operator-made@example.com', password: 'keep-me-2' })).body.user.role).toBe('admin');
    expect((await adminTool('grant', 'operator-made@example.com')).output).toMatch(/already an admin; nothing changed/);
    // The demo accounts were seeded once, not again.
    expect((await post(`${again}/api/auth/login`, { email: 'student@hostel.test', password: 'student-demo-2025' })).status).toBe(200);
    expect((await stopLauncher(running!)).code).toBe(0);
  }, 180_000);
});
