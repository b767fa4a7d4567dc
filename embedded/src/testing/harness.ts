import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { RateLimits } from '@hostel/command-api';
import { readConfig } from '@hostel/platform/config';
import { createFreshDatabase } from '@hostel/platform/testing';
import pg from 'pg';
import { vi } from 'vitest';
import { auditCheckpointHeadFile } from '../audit-key-file';
import { startServices } from '../services';
import { createMailbox, tokenOf } from './mailbox';

/**
 * Every account a test registers comes from one address (inject's 127.0.0.1), standing in for as many
 * people on as many addresses: the per-address limits on account requests and stored images would stop a
 * suite that registers fifty members at once. Every other limit keeps its default; tests of the limits set their own.
 */
const ONE_ADDRESS_FOR_EVERYONE: Partial<RateLimits> = {
  accountRequestsPerAddress: { max: 100_000, windowMs: 60_000 },
  uploadBytesPerAddress: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
};

/** The whole product in-process on a fresh database of the machine's PostgreSQL, driven through HTTP. */
export async function startProduct(
  env: Record<string, string> = {},
  {
    limits,
    ...options
  }: { workers?: boolean; limits?: Partial<RateLimits>; limitsNamespace?: string; logger?: Logger; webDist?: string; readableWaitMs?: number } = {},
) {
  const database = await createFreshDatabase('api');
  // A data directory of its own, as npm start has: the audit's key file lives there.
  const dataDir = mkdtempSync(join(tmpdir(), 'hostel-data-'));
  const config = readConfig({ ADMIN_EMAILS: 'boss@hostel.test', DATA_DIR: dataDir, ...env });
  const mailbox = createMailbox();
  const boot = async (overrides: { workers?: boolean } = {}) => {
    const started = await startServices({
      databaseUrl: database.url,
      config,
      logger: pino({ level: 'silent' }),
      sendMail: mailbox.send,
      limits: { ...ONE_ADDRESS_FOR_EVERYONE, ...limits },
      // With REDIS_URL, counters outlive the product: each gets keys of its own.
      limitsNamespace: `rate-limit:${crypto.randomUUID()}:`,
      // As npm start: the newest audit checkpoint kept in the data directory too.
      auditHeadFile: auditCheckpointHeadFile(dataDir),
      ...options,
      ...overrides,
    });
    await started.ready;
    return started;
  };
  let services = await boot();

  /**
   * A request as a client sends it. A read with X-Min-Position is asked again while its answer says
   * the position was not reached yet (the web app refetches on the live push instead): a read model waits up to 2 s a request,
   * and under `npm test` a long transaction in another test file's database can hold every projector
   * back longer (PostgreSQL's snapshot horizon is cluster-wide). `once` takes the first answer.
   */
  async function call(
    method: string,
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string>; payload?: string | Buffer; once?: boolean } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const send = () =>
      services.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
        ...(options.payload !== undefined ? { payload: options.payload } : {}),
      });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await send();
      if (options.once || response.headers['x-position-reached'] !== 'false' || Date.now() > deadline) return response;
    }
  }

  async function register(name: string, email: string, password = 'secret-pass-1') {
    const response = await call('POST', '/api/auth/register', { body: { name, email, password } });
    if (response.statusCode !== 201) throw new Error(`register ${email}: ${response.statusCode} ${response.body}`);
    return {
      ...(response.json() as { token: string; user: { _id: string; email: string; role: string }; position: string }),
      refreshCookie: refreshCookieOf(response),
    };
  }

  /**
   * Registers, then follows the verification link mailed to the address, as its owner would: an address
   * in ADMIN_EMAILS (boss@hostel.test) becomes admin this way. Answers the session after that (its token
   * carries the role) and the position of the verification.
   */
  async function registerVerified(name: string, email: string, password = 'secret-pass-1') {
    const registered = await register(name, email, password);
    const verified = await call('POST', '/api/auth/verify-email', { body: { token: tokenOf(await mailbox.take(email, '/verify-email')) } });
    if (verified.statusCode !== 200) throw new Error(`verify ${email}: ${verified.statusCode} ${verified.body}`);
    const refreshed = await call('POST', '/api/auth/refresh', { headers: { cookie: registered.refreshCookie ?? '' } });
    if (refreshed.statusCode !== 200) throw new Error(`refresh ${email}: ${refreshed.statusCode} ${refreshed.body}`);
    const session = refreshed.json() as { token: string; user: { _id: string; email: string; role: string } };
    return { ...session, position: (verified.json() as { position?: string }).position ?? registered.position, refreshCookie: refreshCookieOf(refreshed) };
  }

  async function upload(token: string): Promise<string> {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#e67e22' } })
      .png()
      .toBuffer();
    const boundary = 'harness-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="meal.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await call('POST', '/api/uploads', { token, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return (response.json() as { url: string }).url;
  }

  /** An admin adds a meal (uploading its image first), as the Add Meal form does. */
  async function addMeal(adminToken: string, fields: Record<string, unknown> = {}) {
    const body = {
      title: 'Masala Omelette',
      category: 'Breakfast',
      image: await upload(adminToken),
      ingredients: 'eggs, onion',
      description: 'Spicy eggs',
      price: 4.5,
      ...fields,
    };
    const response = await call('POST', '/api/meals', { token: adminToken, body });
    if (response.statusCode !== 201) throw new Error(`add meal: ${response.statusCode} ${response.body}`);
    return response.json() as { _id: string; position: string };
  }

  /** Runs one statement on the product's database over a connection of its own; answers its rows. */
  async function sql<Row extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /**
   * Waits until every projection (and policy) has passed the newest event in the log: what a test
   * reads afterwards reflects everything written before, however loaded the machine is (a read's own
   * X-Min-Position wait gives up after MIN_POSITION_WAIT_MS).
   */
  async function caughtUp(timeout = 30_000): Promise<void> {
    await vi.waitFor(
      async () => {
        const [row] = await sql<{ behind: string }>(
          `select count(*) as behind
             from projection_checkpoints c,
                  (select transaction_id::text::bigint as a, global_position as b
                     from eventstore.events order by transaction_id desc, global_position desc limit 1) e
            where (c.position_a::bigint, c.position_b::bigint) < (e.a, e.b)`,
        );
        if (Number(row?.behind) > 0) throw new Error(`${row?.behind} projection(s) behind the log`);
      },
      { timeout, interval: 20 },
    );
  }

  /**
   * Runs a command-line tool (a path from the repository's root) on the product's database and DATA_DIR, as an
   * operator would. Asynchronously: the product in this process keeps running meanwhile, so a transaction of its
   * own (read-api signing a checkpoint) ends and does not hold the tool up (a rebuild's CREATE INDEX CONCURRENTLY
   * waits for every open transaction: with the process blocked in spawnSync, for ever).
   */
  function cli(script: string, ...args: string[]): Promise<{ status: number | null; output: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, EVENT_STORE: 'postgres', LOG_LEVEL: 'silent', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, output: `${stdout}${stderr}` }));
    });
  }

  async function eventCount(): Promise<number> {
    const [row] = await sql<{ count: string }>('select count(*) as count from eventstore.events');
    return Number(row?.count);
  }

  return {
    get services() {
      return services;
    },
    databaseUrl: database.url,
    /** The product's DATA_DIR (the audit's key file is there), for the command-line tools run on it. */
    dataDir,
    /** Stops every service and starts them again on the same database, as a restart of the process would. */
    async restart(overrides: { workers?: boolean } = {}) {
      await services.close();
      services = await boot(overrides);
    },
    call,
    caughtUp,
    cli,
    register,
    registerVerified,
    mailbox,
    upload,
    addMeal,
    eventCount,
    sql,
    async stop() {
      await services.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === 'refresh_token');
  return cookie?.value ? `refresh_token=${cookie.value}` : undefined;
}
