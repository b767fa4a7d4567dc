import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@hostel/platform/net';
import { launch, stopLauncher, type Launched } from './launcher';

/**
 * `npm start` and the command-line tools read the configuration as the services do: a variable they
 * cannot run with stops them with one line naming it and exit 78, before anything starts; the
 * spellings of "no proxy" start.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const launched: Launched[] = [];
afterAll(async () => {
  for (const each of launched) await stopLauncher(each, 'SIGKILL');
});

function run([script, ...args]: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script!, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

describe('the launcher and the tools with TRUST_PROXY', () => {
  it.each([
    ['npm start', ['embedded/src/main.ts']],
    ['npm run rebuild', ['ops/src/main.ts', 'rebuild']],
    ['npm run replay', ['ops/src/main.ts', 'replay', 'meal', 'm-1']],
    ['npm run audit:verify', ['ops/src/main.ts', 'audit:verify']],
    ['npm run admin', ['ops/src/main.ts', 'admin', 'grant', 'someone@example.com']],
  ])('%s with TRUST_PROXY=true: one line naming it, exit 78, nothing started', async (tool, script) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hostel-config-'));
    const ran = await run(script, { TRUST_PROXY: 'true', DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(ran.code, ran.stderr + ran.stdout).toBe(78);
    expect(ran.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${tool}: configuration: TRUST_PROXY must be a hop count .*"true".* is refused`)),
    ]);
    expect(ran.stdout).toBe('');
  });

  // A malformed range or one of every address: refused the same way, before PostgreSQL starts (Fastify's
  // proxy-addr threw on 10.0.0.0/33 with a stack trace, exit 1, once PostgreSQL was up).
  it.each(['0.0.0.0/0', '::/0', '10.0.0.0/33', 'a.b.c.d'])('npm start with TRUST_PROXY=%s: one line naming it, exit 78, nothing started', async (value) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hostel-config-'));
    const ran = await run(['embedded/src/main.ts'], { TRUST_PROXY: value, DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(ran.code, ran.stderr + ran.stdout).toBe(78);
    expect(ran.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^npm start: configuration: TRUST_PROXY must be a hop count .*0\.0\.0\.0\/0, ::\/0/)]);
    expect(ran.stdout).toBe('');
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it.each(['false', '0'])(
    'npm start with TRUST_PROXY=%s: no proxy, and it starts',
    async (value) => {
      const started = launch({ dataDir: mkdtempSync(join(tmpdir(), 'hostel-config-')), port: await freePort(), env: { TRUST_PROXY: value } });
      launched.push(started);
      const url = await started.ready;
      // The peer is the client: what a client writes in X-Forwarded-For changes nothing, and the product answers.
      const health = await fetch(`${url}/health`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(health.status).toBe(200);
      expect(await stopLauncher(started)).toEqual({ code: 0, signal: null });
    },
    120_000,
  );
});
