import { once } from 'node:events';
import { get as httpGet } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresEventStore, migrateEventStore } from '@hostel/eventstore/postgres';
import { createHttpServer } from '@hostel/platform/http';
import type { VerifiedAccess } from '@hostel/platform/tokens';
import { ledgerCheckpoints, ledgerHead } from '@hostel/read-models/audit-log';
import { listMeals } from '@hostel/read-models/meal-catalog';
import { createReadModelDatabase, mealAdded, recorded } from '@hostel/read-models/testing';
import type { ReadModelDatabase } from '@hostel/read-models/testing';
import type { ReadModelTables } from '@hostel/read-models';
import type { Kysely } from 'kysely';
import { readApi } from './app';
import { digestSignedBy, newAuditKey, publicAuditJwk } from './audit/digest';
import { createPositionWaiter } from '@hostel/read-models';
import type { PositionWaiter } from '@hostel/read-models';

/** One key for every instance here, as every read-api of a deployment shares AUDIT_SIGNING_KEY (export links cross instances). */
const auditKey = newAuditKey();

/** Stands in for the JWT check (tested with the tokens): a token is a known string. */
const exp = Math.floor(Date.now() / 1000) + 3600;
const identities: Record<string, VerifiedAccess> = {
  'sam-token': { sub: 'u-sam', email: 'sam@example.com', name: 'Sam', role: 'user', exp },
  'ada-token': { sub: 'u-ada', email: 'ada@example.com', name: 'Ada', role: 'admin', exp },
};

let readModels: ReadModelDatabase;
let db: Kysely<ReadModelTables>;
let waiter: PositionWaiter;
let app: FastifyInstance;
let store: ReturnType<typeof createPostgresEventStore>;

const mealId = '0b5f2a52-6a4e-4cf4-9d63-1c1f5a1e0a01';

beforeAll(async () => {
  readModels = await createReadModelDatabase();
  ({ db } = readModels);
  await readModels.given(
    recorded('UserRegistered', { userId: 'u-sam', name: 'Sam', email: 'sam@example.com', photo: '', role: 'user' }),
    mealAdded({ mealId, image: '/api/media/dal', distributorEmail: 'ada@example.com', rating: 4, postTime: '2026-11-22T08:00:00.000Z' }),
    recorded('MealLiked', { mealId, userId: 'u-sam' }),
  );
  waiter = await createPositionWaiter(db, readModels.url);
  ({ app } = await createHttpServer({ logger: pino({ level: 'silent' }), verifyAccessToken: async (token) => identities[token], appOrigins: [] }));
  // The audit's routes fold from the log: an empty store on the same database.
  await migrateEventStore(readModels.pool);
  store = createPostgresEventStore({ pool: readModels.pool });
  await app.register(async (scope) => readApi(scope, { db, waiter, store, databaseUrl: readModels.url, auditKey }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await waiter?.close();
  await readModels?.close();
});

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

describe('the read API', () => {
  it('documents every route with the schema of its answer and of its errors (/docs/json)', async () => {
    const document = (await get('/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/health'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, responses: operation.responses })),
      );
    expect(routes.map((route) => route.route).sort()).toEqual([
      'GET /api/audit/correlations/{id}',
      'GET /api/audit/digest',
      'GET /api/audit/download',
      'GET /api/audit/entities',
      'GET /api/audit/events',
      'GET /api/audit/export',
      'GET /api/audit/export-link',
      'GET /api/audit/keys',
      'GET /api/audit/payments',
      'GET /api/audit/{entity}/{id}',
      'GET /api/audit/{entity}/{id}/diff',
      'GET /api/audit/{entity}/{id}/state',
      'GET /api/mealRequests',
      'GET /api/meals',
      'GET /api/meals/{id}',
      'GET /api/requestedMeals/admin',
      'GET /api/reviews',
      'GET /api/reviews/{mealId}',
      'GET /api/serveQueue',
      'GET /api/serveQueue/waiting',
      'GET /api/upcomingMeals',
      'GET /api/users',
      'GET /payments',
      'GET /users',
      'GET /users/{email}',
    ]);
    for (const { route, responses } of routes) {
      // The audit's public key is for anyone checking a signed digest: it takes nothing and refuses nobody.
      const answers = route === 'GET /api/audit/keys' ? ['200'] : ['200', '400', '401'];
      for (const status of answers) expect(responses[status]?.content?.['application/json']?.schema, `${route} ${status}`).toBeDefined();
    }
    const statuses = (route: string) => Object.keys(routes.find((each) => each.route === route)!.responses).sort();
    expect(statuses('GET /api/meals/{id}')).toEqual(['200', '400', '401', '404']);
    expect(statuses('GET /users/{email}')).toEqual(['200', '400', '401', '403', '404']);
    expect(statuses('GET /payments')).toEqual(['200', '400', '401', '403']);
    expect(statuses('GET /api/upcomingMeals')).toEqual(['200', '400', '401']);
  });

  it('answers what the queries answer, the total in X-Total-Count', async () => {
    const answer = await get('/api/meals', 'sam-token');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-total-count']).toBe('1');
    expect(answer.json()).toEqual((await listMeals(db, { skip: 0, limit: 20 }, 'u-sam')).items);
    expect(answer.json()[0]).toMatchObject({ _id: mealId, likedByMe: true, reviews_count: 0, reviewCount: 0 });
    expect((await get(`/api/meals/${mealId}`)).json()).toMatchObject({ _id: mealId, likedByMe: false, price: 6.5 });
    expect((await get('/users/sam@example.com', 'sam-token')).json()).toEqual({
      _id: 'u-sam',
      name: 'Sam',
      email: 'sam@example.com',
      photo: '',
      badge: null,
      role: 'user',
    });
  });

  it('answers its errors as {message} (with field issues for a 400), as before the answers had schemas', async () => {
    const expectError = async (url: string, token: string | undefined, status: number, message: string, headers?: Record<string, string>) => {
      const answer = await get(url, token, headers);
      expect([answer.statusCode, (answer.json() as { message: string }).message], url).toEqual([status, message]);
      return answer.json() as { message: string; issues?: unknown };
    };
    await expectError('/api/meals/0b5f2a52-6a4e-4cf4-9d63-1c1f5a1e0a99', undefined, 404, 'Meal not found');
    expect((await expectError('/api/meals/not-a-meal', undefined, 400, 'Meal not found')).issues).toEqual([{ path: 'id', message: 'Meal not found' }]);
    await expectError('/api/meals', undefined, 400, 'X-Min-Position must be a position as returned by a command, like "1234/56"', { 'x-min-position': 'soon' });
    await expectError('/users', undefined, 401, 'Please sign in first');
    await expectError('/api/meals', 'forged-token', 401, 'Your session has expired. Please sign in again.');
    await expectError('/users', 'sam-token', 403, 'Only admins can do that');
    await expectError('/payments?email=ada@example.com', 'sam-token', 403, 'You can only see your own payments');
    await expectError('/users/nobody@example.com', 'ada-token', 404, 'User not found');
  });
});

describe("the ledger's signed checkpoints", () => {
  it('are signed from the head every checkpointEveryMs while the log grows, and verify with the published key', async () => {
    const signer = (await createHttpServer({ logger: pino({ level: 'silent' }), verifyAccessToken: async () => undefined, appOrigins: [] })).app;
    await signer.register(async (scope) => readApi(scope, { db, waiter, store, databaseUrl: readModels.url, auditKey, checkpointEveryMs: 20 }));
    await signer.ready();
    try {
      const head = async () => (await ledgerHead(db))!;
      const signedAt = async (position: string) => (await ledgerCheckpoints(db)).filter((checkpoint) => checkpoint.position === position);
      const first = await head();
      await vi.waitFor(async () => expect(await signedAt(first.position)).toHaveLength(1), { timeout: 10_000, interval: 20 });
      await readModels.given(recorded('MealLiked', { mealId, userId: 'u-ada' }));
      const second = await head();
      expect(second.position).not.toBe(first.position);
      await vi.waitFor(async () => expect(await signedAt(second.position)).toHaveLength(1), { timeout: 10_000, interval: 20 });
      const [checkpoint] = await signedAt(second.position);
      expect(checkpoint).toMatchObject({ hash: second.hash, kid: auditKey.kid });
      expect(digestSignedBy(checkpoint!, publicAuditJwk(auditKey))).toBe(true);
    } finally {
      await signer.close();
    }
  });
});

describe('the audit export', () => {
  /** The exports' COPYs running now (their sessions: a parallel scan's workers show the same query). */
  const copies = async () =>
    (
      await readModels.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where query like 'COPY (%' and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      )
    ).rows[0]!.n;
  /** The app's address, listening from the first call on. */
  const listening = async () => {
    const bound = app.server.address();
    return bound && typeof bound === 'object' ? `http://127.0.0.1:${bound.port}` : app.listen({ port: 0, host: '127.0.0.1' });
  };

  it('streams a long log from the database, and a reader leaving half-way ends its COPY and its connection', async () => {
    // 100,000 events (some 50 MB of ndjson), written straight into the audit log, 10,000 a transaction:
    // a transaction running holds back every event store reader on this PostgreSQL (its snapshot
    // horizon is cluster-wide), the other test files' included.
    for (let from = 1; from <= 100_000; from += 10_000)
      await readModels.pool.query(`
      insert into audit_events (position_a, position_b, stream_id, stream_version, event_id, type, occurred_at, actor_id,
                                correlation_id, causation_id, schema_version, data, hash)
      select 9, g, 'like-' || g, 0, gen_random_uuid()::text, 'MealLiked', now(), 'u-sam', 'c', 'c', 1,
             jsonb_build_object('mealId', '${mealId}', 'userId', 'u-' || g, 'note', repeat('x', 300)), md5(g::text)
      from generate_series(${from}, ${from + 9_999}) g`);
    const address = await listening();
    /** The export over a connection of its own (no keep-alive), as a download manager would fetch it. */
    const download = () =>
      new Promise<IncomingMessage>((resolve, reject) =>
        httpGet(`${address}/api/audit/export?format=ndjson&type=MealLiked`, { headers: { authorization: 'Bearer ada-token' }, agent: false }, resolve).on(
          'error',
          reject,
        ),
      );

    // The whole log, line by line.
    const whole = await download();
    expect(whole.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of whole) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(100_000);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ position: '9/100000', type: 'MealLiked', actor: { id: 'u-sam', email: 'sam@example.com' } });

    // A reader who takes the first bytes and leaves.
    const leaving = await download();
    await once(leaving, 'data');
    expect(await copies()).toBe(1);
    leaving.destroy();
    await vi.waitFor(async () => expect(await copies()).toBe(0), { timeout: 10_000 });
    // and the API goes on answering.
    expect((await get('/api/meals')).statusCode).toBe(200);
  });

  /**
   * The exports recorded so far, read from the table: the store's commit-ordered read trails any
   * transaction still open on this PostgreSQL (its horizon is cluster-wide), so it could miss the
   * last test's exports and miscount.
   */
  const exportsRecorded = async () =>
    (
      await readModels.pool.query<{ data: Record<string, unknown>; metadata: Record<string, unknown> }>(
        `select data, metadata from eventstore.events where type = 'AuditExported' order by global_position`,
      )
    ).rows;
  /** A GET over a connection of its own, its body left unread until the caller reads or destroys it. */
  const open = (url: string, headers: Record<string, string> = {}) =>
    new Promise<IncomingMessage>((resolve, reject) => httpGet(url, { headers, agent: false }, resolve).on('error', reject));

  it('gives a reader a download link: followed without a token within a minute it streams the export as a file, recorded as theirs', async () => {
    const address = await listening();
    const before = (await exportsRecorded()).length;
    const asked = await get('/api/audit/export-link?format=csv&type=MealLiked&actor=sam%40example.com', 'ada-token');
    expect(asked.statusCode, asked.body).toBe(200);
    const { url, expiresAt } = asked.json<{ url: string; expiresAt: string }>();
    expect(url).toMatch(/^\/api\/audit\/download\?link=[\w-]+\.[\w-]+$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);

    // A HEAD (a link checker, a download manager) runs no export and leaves the link usable.
    expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(404);
    const file = await open(`${address}${url}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="audit-.+\.csv"$/);
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const rows = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
    expect(rows[0]).toMatch(/^position,stream,version,type/);
    expect(rows.length).toBeGreaterThan(100_000);
    const recorded = await vi.waitFor(async () => {
      const exports = await exportsRecorded();
      expect(exports).toHaveLength(before + 1);
      return exports.at(-1)!;
    });
    expect([recorded.metadata.actor, recorded.data]).toEqual([
      'u-ada',
      expect.objectContaining({ format: 'csv', filter: { type: 'MealLiked', actor: 'sam@example.com' } }),
    ]);

    // A link is good for one download: followed again, it is refused and records nothing more.
    const again = await get(url);
    expect([again.statusCode, again.json().message]).toEqual([403, 'This download link has been used already. Please export again.']);
    expect(await exportsRecorded()).toHaveLength(before + 1);

    // A link with its claims changed (another filter, another reader) is refused, and so are the
    // link's askers who may not read the audit.
    const [claims, signature] = url.slice('/api/audit/download?link='.length).split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), sub: 'u-sam' })).toString('base64url');
    const refused = await get(`/api/audit/download?link=${forged}.${signature}`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'This download link has expired or is not valid. Please export again.']);
    expect((await get('/api/audit/download?link=not-a-link')).statusCode).toBe(403);
    expect((await get('/api/audit/download')).statusCode).toBe(400);
    expect((await get('/api/audit/export-link?format=csv', 'sam-token')).statusCode).toBe(403);
    expect((await get('/api/audit/export-link?format=csv')).statusCode).toBe(401);
    const badFormat = await get('/api/audit/export-link?format=xls', 'ada-token');
    expect([badFormat.statusCode, badFormat.json().message]).toEqual([400, expect.stringMatching(/format is ndjson or csv/)]);
    const unknownKey = await get('/api/audit/export-link?format=csv&limit=5', 'ada-token');
    expect(unknownKey.statusCode).toBe(400);
    expect(await exportsRecorded()).toHaveLength(before + 1);
  });

  it('uses a link up only with an export that runs: an instance that cannot reach the database to COPY records nothing, and the link still downloads', async () => {
    // A second instance, the same store and key, whose exports' own connections find nothing listening.
    const { app: cutOff } = await createHttpServer({
      logger: pino({ level: 'silent' }),
      verifyAccessToken: async (token) => identities[token],
      appOrigins: [],
    });
    await cutOff.register(async (scope) => readApi(scope, { db, waiter, store, databaseUrl: 'postgres://postgres@127.0.0.1:9/nothing', auditKey }));
    await cutOff.ready();
    try {
      const before = (await exportsRecorded()).length;
      const { url } = (await get('/api/audit/export-link?format=ndjson&type=UserRegistered', 'ada-token')).json<{ url: string }>();

      const failed = await cutOff.inject({ method: 'GET', url });
      expect([failed.statusCode, failed.json().message]).toEqual([503, expect.any(String)]);
      expect(await exportsRecorded()).toHaveLength(before);

      const downloaded = await get(url);
      expect(downloaded.statusCode, downloaded.body).toBe(200);
      expect(downloaded.body.trimEnd().split('\n')).toHaveLength(1);
      expect(await exportsRecorded()).toHaveLength(before + 1);
    } finally {
      await cutOff.close();
    }
  });

  it('cuts off a reader who stops reading: after the idle time its COPY ends and its slot is free, while a reader who reads gets it all', async () => {
    await vi.waitFor(async () => expect(await copies()).toBe(0), { timeout: 10_000 });
    // The same read API with an idle time of half a second.
    const { app: impatient } = await createHttpServer({
      logger: pino({ level: 'silent' }),
      verifyAccessToken: async (token) => identities[token],
      appOrigins: [],
    });
    await impatient.register(async (scope) => readApi(scope, { db, waiter, store, databaseUrl: readModels.url, exportIdleMs: 500, auditKey }));
    const address = await impatient.listen({ port: 0, host: '127.0.0.1' });
    try {
      const auth = { authorization: 'Bearer ada-token' };
      const stalled = await open(`${address}/api/audit/export?format=ndjson`, auth);
      await once(stalled, 'data');
      stalled.pause();
      expect(await copies()).toBe(1);
      await vi.waitFor(async () => expect(await copies()).toBe(0), { timeout: 10_000 });
      stalled.destroy();

      const reading = await open(`${address}/api/audit/export?format=ndjson&type=MealLiked`, auth);
      let lines = 0;
      for await (const chunk of reading) lines += (chunk as Buffer).toString('utf8').split('\n').length - 1;
      expect(lines).toBeGreaterThan(100_000);
    } finally {
      await impatient.close();
    }
  });

  it('streams at most four exports at once: a fifth is answered 429 and recorded nowhere, and once one ends another may start', async () => {
    const address = await listening();
    const before = (await exportsRecorded()).length;
    const auth = { authorization: 'Bearer ada-token' };
    // Four readers who take their first bytes and then stop reading: their COPYs wait on them.
    const readers = await Promise.all(Array.from({ length: 4 }, () => open(`${address}/api/audit/export?format=ndjson`, auth)));
    expect(readers.map((reader) => reader.statusCode)).toEqual([200, 200, 200, 200]);
    await Promise.all(readers.map((reader) => once(reader, 'data').then(() => reader.pause())));
    await vi.waitFor(async () => expect(await exportsRecorded()).toHaveLength(before + 4));

    const fifth = await get('/api/audit/export?format=ndjson', 'ada-token');
    expect([fifth.statusCode, fifth.json().message]).toEqual([429, '4 exports are running already. Please try again when one has finished.']);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);

    readers[0]!.destroy();
    const next = await vi.waitFor(
      async () => {
        const answer = await open(`${address}/api/audit/export?format=ndjson&type=MealAdded`, auth);
        if (answer.statusCode !== 200) answer.destroy();
        expect(answer.statusCode).toBe(200);
        return answer;
      },
      { timeout: 10_000 },
    );
    for (const reader of [next, ...readers]) reader.destroy();
    await vi.waitFor(async () => expect(await exportsRecorded()).toHaveLength(before + 5));
  });
});
