/**
 * Each service's built JavaScript refuses a configuration it cannot run with: it stops at start
 * (exit code 78, EX_CONFIG) with one line on standard error naming the variable, before it opens
 * any connection. Real processes, environment only, as an orchestrator starts them.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServices } from '../build-services';
import { root } from './topology';

const JWKS = 'http://127.0.0.1:9/api/auth/jwks';
// Nothing listens on port 9 (discard): a service that got past its configuration would fail differently, later.
const DATABASE_URL = 'postgres://postgres@127.0.0.1:9/none';

function runService(service: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, service, 'dist', 'main.js')], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

beforeAll(() => buildServices(), 60_000);

describe('a service started with a configuration it cannot run with', () => {
  const cases: { service: string; env: Record<string, string>; names: string; says: RegExp }[] = [
    { service: 'command-api', env: {}, names: 'DATABASE_URL', says: /DATABASE_URL must be set: .*postgres:\/\// },
    { service: 'read-api', env: { DATABASE_URL }, names: 'JWT_JWKS_URL', says: /JWT_JWKS_URL must be set/ },
    { service: 'read-api', env: { DATABASE_URL, JWT_JWKS_URL: JWKS }, names: 'AUDIT_SIGNING_KEY', says: /AUDIT_SIGNING_KEY must be set: .*Ed25519/ },
    {
      service: 'read-api',
      env: { DATABASE_URL, JWT_JWKS_URL: JWKS, AUDIT_SIGNING_KEY: '{"kty":"EC","kid":"k","d":"secret-value"}' },
      names: 'AUDIT_SIGNING_KEY',
      says: /^AUDIT_SIGNING_KEY must be a private Ed25519 JWK as JSON, with its kid \(e\.g\. [^)]*\)$/,
    },
    {
      service: 'projector',
      env: { DATABASE_URL: 'mysql://db/hostel' },
      names: 'DATABASE_URL',
      says: /DATABASE_URL must be a PostgreSQL URL .*\(read "mysql:\/\/db\/hostel"\)/,
    },
    { service: 'command-api', env: { DATABASE_URL }, names: 'APP_ORIGIN', says: /APP_ORIGIN must be set: .*never at a request's Host/ },
    { service: 'command-api', env: { DATABASE_URL, REDIS_URL: 'http://redis:6379' }, names: 'REDIS_URL', says: /REDIS_URL must be a Redis URL/ },
    { service: 'projector', env: { DATABASE_URL, EVENT_STORE: 'kurrentdb' }, names: 'KURRENTDB_URL', says: /KURRENTDB_URL must be set/ },
    {
      service: 'read-api',
      env: { DATABASE_URL, JWT_JWKS_URL: JWKS, EVENT_STORE: 'mongo' },
      names: 'EVENT_STORE',
      says: /EVENT_STORE must be postgres or kurrentdb/,
    },
    { service: 'command-api', env: { DATABASE_URL, PORT: 'eighty' }, names: 'PORT', says: /^PORT / },
    { service: 'command-api', env: { DATABASE_URL, TRUST_PROXY: 'true' }, names: 'TRUST_PROXY', says: /TRUST_PROXY must be a hop count/ },
    { service: 'command-api', env: { DATABASE_URL, JWT_PRIVATE_JWK: '{"kty":"EC"}' }, names: 'JWT_PRIVATE_JWK', says: /JWT_PRIVATE_JWK must be a private JWK/ },
    { service: 'command-api', env: { DATABASE_URL, SMTP_URL: 'smtp://mail:25' }, names: 'SMTP_URL', says: /SMTP_URL needs APP_ORIGIN/ },
    { service: 'read-api', env: { DATABASE_URL, JWT_JWKS_URL: JWKS, APP_ORIGIN: 'meals.example.edu' }, names: 'APP_ORIGIN', says: /APP_ORIGIN/ },
    {
      service: 'read-api',
      env: { DATABASE_URL, JWT_JWKS_URL: `${JWKS},command-api-2/api/auth/jwks` },
      names: 'JWT_JWKS_URL',
      says: /JWT_JWKS_URL each URL must look like http:\/\/command-api-1/,
    },
  ];
  it.each(cases)('$service without a good $names: one line naming it, exit 78', async ({ service, env, names, says }) => {
    const ran = await runService(service, env);
    expect(ran.code, ran.stderr + ran.stdout).toBe(78);
    const lines = ran.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${service}: configuration: `));
    expect(lines[0]).toContain(names);
    expect(lines[0]!.replace(`${service}: configuration: `, '')).toMatch(says);
    // Nothing was opened: no log line, no connection attempt.
    expect(ran.stdout).toBe('');
  });

  it('never echoes a secret it refuses', async () => {
    const ran = await runService('command-api', { DATABASE_URL, JWT_PRIVATE_JWK: 'not-json-secret-value' });
    expect(ran.stderr).toContain('JWT_PRIVATE_JWK');
    expect(ran.stderr).not.toContain('not-json-secret-value');
  });
});
