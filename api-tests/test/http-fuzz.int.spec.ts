import fc from 'fast-check';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Whatever a client sends over HTTP, the product answers it, and never with a 5xx: every registered
 * route (walked from the running product, as the authorization matrix does) gets arbitrary JSON,
 * near-valid bodies with one field replaced, strings full of control characters and unpaired
 * surrogates, arbitrary query strings and path parameters, as a visitor, a user and an admin. A refused
 * input (4xx) appends no event, then or later: every event carries its request's id as correlationId,
 * and the server's own log says which id each answer had. Reproduce a failure with FUZZ_SEED=<seed> (the seed is in
 * the failure message); FUZZ_RUNS raises the runs per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 250);

type Product = Awaited<ReturnType<typeof startProduct>>;
type Actor = 'visitor' | 'user' | 'admin';
let product: Product;
let tokens: Record<Actor, string | undefined>;
/** Real ids for the path parameters, so that some requests reach deep into a handler. */
let ids: Record<string, string[]>;
let image: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
/** The id of the request the server answered last, read from its log (requests here go one at a time). */
let lastAnswered: string | undefined;
const serverLog = pino(
  { level: 'info' },
  {
    write(line: string) {
      const entry = JSON.parse(line) as { msg?: string; correlationId?: string };
      if (entry.msg === 'request completed') lastAnswered = entry.correlationId;
    },
  },
);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  // Limits off: a 429 would stop the fuzzing at the door instead of reaching the handlers.
  product = await startProduct({ RATE_LIMITS: 'off' }, { logger: serverLog });
  const admin = await product.registerVerified('Boss', 'boss@hostel.test');
  const user = await product.register('Stu', 'stu@example.com');
  tokens = { visitor: undefined, user: user.token, admin: admin.token };
  image = await product.upload(admin.token);
  const meal = await product.addMeal(admin.token, { image });
  const upcoming = await product.call('POST', '/api/upcomingMeals', {
    token: admin.token,
    body: { title: 'Soon', category: 'Lunch', image, ingredients: 'rice', description: 'On the vote', price: 3 },
  });
  const review = await product.call('POST', '/api/reviews', { token: user.token, body: { mealId: meal._id, review: 'Tasty' } });
  const request = await product.call('POST', '/api/mealRequests', { token: user.token, body: { mealId: meal._id } });
  ids = {
    id: [meal._id, upcoming.json()._id, review.json()._id, request.json()._id, user.user._id, image.split('/').at(-1)!],
    mealId: [meal._id],
    email: [user.user.email, admin.user.email],
  };
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await product?.stop();
});

/** Characters that broke things, or could: controls, lone surrogates, separators, injection bait. */
const NASTY = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '😀',
  '%',
  '%00',
  '../',
  '\\',
  '"',
  "'",
  '<script>',
  '${x}',
  "' or 1=1 --",
  'tok_visa',
  '__proto__',
  'constructor',
  'toString',
];
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 3 })), { maxLength: 8 }).map((parts) => parts.join('')),
  fc.constantFrom('', ' ', 'x'.repeat(300), '1', '-1', '0x10', '1e400', 'NaN', 'null', 'true', '[]', '{}'),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 4 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

/** Every field name a body of ours takes, so that arbitrary values meet the schemas field by field. */
const FIELDS = [
  'name',
  'email',
  'password',
  'photo',
  'role',
  'title',
  'category',
  'image',
  'ingredients',
  'description',
  'price',
  'rating',
  'distributorName',
  'distributorEmail',
  'mealId',
  'review',
  'package',
  'stripeToken',
  'token',
  'userEmail',
  'likes',
  'reviews_count',
  'reviewCount',
  'status',
];

/** A body each route would take, so that replacing one field tests that field behind all the others. */
function validBody(route: string): Record<string, unknown> {
  const mealId = ids.mealId![0]!;
  const dish = { title: 'Dal', category: 'Lunch', image, ingredients: 'lentils, rice', description: 'Warm', price: 4 };
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/auth/register': { name: 'New', email: 'new@example.com', password: 'secret-pass-1' },
    'POST /api/auth/login': { email: 'stu@example.com', password: 'secret-pass-1' },
    'POST /api/auth/forgot-password': { email: 'stu@example.com' },
    'POST /api/auth/reset-password': { token: `${crypto.randomUUID()}.${'a'.repeat(43)}`, password: 'secret-pass-2' },
    'POST /api/auth/verify-email': { token: `${crypto.randomUUID()}.${'a'.repeat(43)}` },
    'POST /users': { name: 'Renamed', email: 'stu@example.com', role: 'user', photo: '' },
    'POST /api/meals': dish,
    'PUT /api/meals/:id': { title: 'Dal', distributorName: 'Chef', rating: 5, price: 3 },
    'PATCH /api/meals/:id': { description: 'Changed' },
    'POST /api/reviews': { mealId, review: 'Tasty' },
    'POST /api/upcomingMeals': dish,
    'POST /api/mealRequests': { mealId },
    'POST /payment': { package: 'Silver', stripeToken: 'tok_visa' },
  };
  return bodies[route] ?? {};
}

interface Input {
  actor: Actor;
  params: string[];
  query: string;
  body: { payload: string | Buffer; contentType?: string } | undefined;
  headers: Record<string, string>;
}

/** Percent-encodes anything, lone surrogates too (as the bytes a careless encoder would write). */
function encodeAnyway(text: string): string {
  return [...text]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        const code = char.charCodeAt(0);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      }
    })
    .join('');
}

const QUERY_KEYS = ['search', 'email', 'userEmail', 'distributorEmail', 'category', 'priceMin', 'priceMax', 'skip', 'limit', 'sort', 'mealId', 'code', 'state'];
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), nastyString), nastyString), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, value]) => `${encodeAnyway(key)}=${encodeAnyway(value)}`).join('&')),
  // Raw, as a hand-typed URL: broken escapes, repeated keys, no values.
  fc
    .array(fc.constantFrom('a', '=', '&', '%', '%0', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%C0%80', '+', 'skip', 'limit', '[]', '1'), { maxLength: 10 })
    .map((parts) => parts.join('')),
);

function bodyFor(route: string): fc.Arbitrary<Input['body']> {
  const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  const arbitraryBodies: fc.Arbitrary<Input['body']>[] = [
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 4 }).map(json),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), nastyString), anyValue, { maxKeys: 6 }).map(json),
    // Near-valid: every field right but one.
    fc.tuple(fc.constantFrom(...FIELDS), anyValue).map(([field, value]) => json({ ...validBody(route), [field]: value })),
    fc.constant(json(validBody(route))),
    // Not JSON, or not what it says it is.
    nastyString.map((text) => ({ payload: text, contentType: 'application/json' })),
    fc
      .tuple(
        nastyString,
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'application/octet-stream',
          '',
        ),
      )
      .map(([text, contentType]) => ({ payload: text, contentType })),
  ];
  if (route === 'POST /api/uploads') {
    // Multipart bodies: real part headers around arbitrary bytes, cut anywhere.
    arbitraryBodies.push(
      fc.tuple(fc.uint8Array({ maxLength: 200 }), fc.nat({ max: 400 }), fc.constantFrom('file', 'other')).map(([bytes, cut, field]) => {
        const whole = Buffer.concat([
          Buffer.from(`--fz\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          Buffer.from(bytes),
          Buffer.from('\r\n--fz--\r\n'),
        ]);
        return { payload: whole.subarray(0, Math.min(whole.length, cut)), contentType: 'multipart/form-data; boundary=fz' };
      }),
    );
  }
  return fc.oneof(...arbitraryBodies);
}

/** A header sent in about one request out of `outOf + 1`. */
const sometimes = (value: fc.Arbitrary<string>, outOf = 9) => fc.oneof({ arbitrary: fc.constant(undefined), weight: outOf }, { arbitrary: value, weight: 1 });

function inputFor(route: string, paramNames: string[]): fc.Arbitrary<Input> {
  const param = (name: string) => fc.oneof(fc.constantFrom(...(ids[name] ?? ids.id!)), nastyString.map(encodeAnyway));
  return fc.record({
    actor: fc.constantFrom<Actor>('visitor', 'user', 'admin'),
    params: fc.tuple(...paramNames.map(param)).map((values) => values as string[]),
    query,
    body: bodyFor(route),
    headers: fc
      .record({
        'idempotency-key': sometimes(fc.oneof(fc.uuid(), fc.stringMatching(/^[ -~]{0,300}$/)), 2),
        'x-min-position': sometimes(fc.constantFrom('0/0', 'abc', '99999999999999999999/1', '-1/-1')),
        // A visitor's broken token: it is refused (401) before anything else, so only now and then.
        authorization: sometimes(fc.constantFrom('Bearer x', 'Basic Zm9vOmJhcg==', 'Bearer', 'bearer  eyJhbGciOiJub25lIn0.e30.')),
        cookie: sometimes(fc.constantFrom('refresh_token=abc', 'refresh_token=', 'oidc_flow=garbage')),
      })
      .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined))),
  });
}

/** Events appended for these requests (their correlationId), whenever they were appended. */
async function eventsOf(requestIds: string[]): Promise<{ type: string; correlation: string }[]> {
  const { rows } = await sql<{
    type: string;
    correlation: string;
  }>`select type, metadata->>'correlationId' as correlation from eventstore.events where metadata->>'correlationId' = any(${requestIds})`.execute(
    product.services.commandDb,
  );
  return rows;
}

describe('HTTP fuzzing', () => {
  // 250 inputs for each of 65 routes (16,000 requests) take about 25 s alone and a minute beside the rest of the
  // suite: the suite's 60 s per test is for tests of one behaviour, not for one that walks every route.
  it('answers every route, as anyone, without a 5xx; a refused input appends nothing; the process lives on', { timeout: 300_000 }, async () => {
    const routes = product.services.routes;
    expect(routes.length).toBeGreaterThan(30);
    let requests = 0;
    const statuses = new Map<number, number>();
    /** Refused requests: their ids, and what they were, to name them if an event turns up for one. */
    const refused = new Map<string, string>();
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      await fc.assert(
        fc.asyncProperty(inputFor(name, paramNames), async (input) => {
          let url = route.url;
          for (const [index, paramName] of paramNames.entries()) url = url.replace(`:${paramName}`, input.params[index] ?? '');
          if (input.query) url += `?${input.query}`;
          const token = tokens[input.actor];
          const headers: Record<string, string> = { ...input.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
          if (input.body?.contentType) headers['content-type'] = input.body.contentType;
          // A read waiting for a position far ahead would only wait its 2 s: once is enough to know it answers.
          if (route.method !== 'GET') delete headers['x-min-position'];
          lastAnswered = undefined;
          const response = await product.services.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(input.body ? { payload: input.body.payload } : {}),
          });
          requests++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const context = `${route.method} ${url} as ${input.actor}: ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(typeof response.json().message, context).toBe('string');
            // A URL the router cannot take (undecodable, a parameter too long) is refused before there is a request (and an id) at all.
            if (lastAnswered === undefined)
              expect(response.json().code, `${context}: no 'request completed' in the server's log`).toMatch(/^FST_ERR_(BAD_URL|MAX_PARAM_LENGTH)$/);
            else refused.set(lastAnswered, context);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    console.log(
      `fuzzed ${routes.length} routes with ${requests} requests (seed ${SEED}): ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
    );
    // Checked at the end, so that an append after a refusal's answer (work left in the background) counts too.
    const appended = await eventsOf([...refused.keys()]);
    expect(appended.map((event) => `${event.type} for ${refused.get(event.correlation)}`)).toEqual([]);
    expect((await product.call('GET', '/health')).statusCode).toBe(200);
    expect(unhandled).toEqual([]);
  });
});
