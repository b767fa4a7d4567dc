import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '@hostel/command-api';
import type { RateLimits } from '@hostel/command-api';
import { startProduct } from './harness';

/**
 * Rate limits, proven with the real defaults where a test can afford them and with tight values where
 * the default would take minutes of hashing. Every 429 is `{message}` with Retry-After, and what it
 * refused appended nothing. Addresses are set per request (inject's remoteAddress), as a proxy-less
 * server sees them.
 */
type Product = Awaited<ReturnType<typeof startProduct>>;

function from(product: Product, address: string, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  return product.services.app.inject({
    method: method as 'POST',
    url,
    remoteAddress: address,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

function expectTooMany(response: Awaited<ReturnType<typeof from>>, message: RegExp) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().message).toMatch(message);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** A sign-in from `address` with these credentials. */
function signIn(product: Product, address: string, email: string, password: string) {
  return from(product, address, 'POST', '/api/auth/login', { body: { email, password } });
}

/** A sign-in from `address` refused while failures are held against the address or the account. */
async function expectSignInHeld(product: Product, address: string, email: string, password: string) {
  expectTooMany(await signIn(product, address, email, password), /^Too many failed sign-in attempts\./);
}

describe('with the default limits', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({}, { limits: DEFAULT_RATE_LIMITS });
  });
  afterAll(async () => product?.stop());

  it(`lets one address register ${DEFAULT_RATE_LIMITS.accountRequestsPerAddress.max} accounts in a burst of 60, refuses the rest with 429, and records only those`, async () => {
    const before = await product.eventCount();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        from(product, '203.0.113.7', 'POST', '/api/auth/register', {
          body: { name: `Flood ${index}`, email: `flood${index}@example.com`, password: 'secret-pass-1' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    console.log(
      `60 registrations from one address in ${Math.round(performance.now() - started)} ms: ${statuses.filter((status) => status === 201).length} × 201, ${statuses.filter((status) => status === 429).length} × 429`,
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(DEFAULT_RATE_LIMITS.accountRequestsPerAddress.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - DEFAULT_RATE_LIMITS.accountRequestsPerAddress.max);
    expectTooMany(
      answers.find((answer) => answer.statusCode === 429)!,
      /^Too many account requests from your network\. Please try again in \d+ minutes?\.$/,
    );
    // A reader of the log never skips a late commit, so it trails the answers while any older write
    // transaction is still open — and PostgreSQL's snapshot horizon is cluster-wide, so under `npm test`
    // that includes other test files' bulk seeding in their own databases (seconds): wait for it.
    await vi.waitFor(
      async () => {
        const registered = await product.services.store.readAll({ batch: 10_000 });
        expect(registered.filter((event) => event.type === 'UserRegistered').length).toBe(DEFAULT_RATE_LIMITS.accountRequestsPerAddress.max);
      },
      { timeout: 15_000 },
    );
    expect(await product.eventCount()).toBeGreaterThan(before);
    // Another address is not held back by this one.
    const elsewhere = await from(product, '198.51.100.20', 'POST', '/api/auth/register', {
      body: { name: 'Elsewhere', email: 'elsewhere@example.com', password: 'secret-pass-1' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('stops password spraying: one address failing across many accounts is refused, for any account, from the 21st try', async () => {
    const { signInFailuresPerAddress } = DEFAULT_RATE_LIMITS;
    for (let index = 0; index < signInFailuresPerAddress.max; index++) {
      const wrong = await signIn(product, '203.0.113.50', `victim${index}@example.com`, 'password123');
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    await expectSignInHeld(product, '203.0.113.50', 'flood1@example.com', 'password123');
    // Even the right password of a real account waits: the address is held, not the account.
    await expectSignInHeld(product, '203.0.113.50', 'flood1@example.com', 'secret-pass-1');
    const owner = await signIn(product, '198.51.100.1', 'flood1@example.com', 'secret-pass-1');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('stops guessing one account from many addresses: after 5 failures from 5 addresses the account waits, whoever asks', async () => {
    for (let index = 0; index < DEFAULT_RATE_LIMITS.signInFailuresPerAccount.max; index++) {
      const wrong = await signIn(product, `192.0.2.${index + 1}`, 'flood2@example.com', `guess-${index}`);
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    await expectSignInHeld(product, '192.0.2.99', 'flood2@example.com', 'guess-99');
    await expectSignInHeld(product, '192.0.2.100', 'flood2@example.com', 'secret-pass-1');
    // Other accounts sign in as usual from those addresses.
    const other = await signIn(product, '192.0.2.1', 'flood3@example.com', 'secret-pass-1');
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('with tight limits', () => {
  const tight: Partial<RateLimits> = {
    signInAttemptsPerAddress: { max: 3, windowMs: 60_000 },
    uploadsPerUser: { max: 2, windowMs: 60_000 },
    writesPerUser: { max: 4, windowMs: 60_000 },
  };
  let product: Product;
  let admin: Awaited<ReturnType<Product['registerVerified']>>;
  let student: Awaited<ReturnType<Product['register']>>;
  beforeAll(async () => {
    product = await startProduct({}, { limits: tight });
    admin = await product.registerVerified('Boss', 'boss@hostel.test');
    student = await product.register('Stu', 'stu@example.com');
  });
  afterAll(async () => product?.stop());

  it('counts every sign-in attempt from an address, right passwords too: each costs a password hash', async () => {
    for (let index = 0; index < 3; index++) expect((await signIn(product, '203.0.113.9', 'stu@example.com', 'secret-pass-1')).statusCode).toBe(200);
    expectTooMany(await signIn(product, '203.0.113.9', 'stu@example.com', 'secret-pass-1'), /^Too many sign-in attempts from your network\./);
  });

  it('limits each user’s commands, not anyone else’s, and a refused body costs nothing', async () => {
    const meal = await product.addMeal(admin.token);
    const before = await product.eventCount();
    // Bodies the schema refuses do not count.
    for (let index = 0; index < 6; index++)
      expect((await product.call('POST', '/api/reviews', { token: student.token, body: { mealId: meal._id } })).statusCode).toBe(400);
    const answers = [];
    for (let index = 0; index < 5; index++)
      answers.push(await product.call('POST', '/api/reviews', { token: student.token, body: { mealId: meal._id, review: `Review ${index}` } }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 429]);
    expectTooMany(answers[4]!, /^You are making changes faster than we can take them\./);
    expect(await product.eventCount()).toBe(before + 4);
    // Reading is not a command, and another user has their own count.
    expect((await product.call('GET', `/api/reviews/${meal._id}`, { token: student.token })).statusCode).toBe(200);
    const other = await product.register('Other', 'other@example.com');
    expect((await product.call('POST', '/api/reviews', { token: other.token, body: { mealId: meal._id, review: 'Mine' } })).statusCode).toBe(201);
  });

  it('limits uploads per user', async () => {
    const uploader = await product.register('Uploader', 'uploader@example.com');
    await product.upload(uploader.token);
    await product.upload(uploader.token);
    await expect(product.upload(uploader.token)).rejects.toThrow(/upload: 429 .*You have uploaded many images in a short time/);
  });
});

describe('across instances (Redis store)', () => {
  const redis = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const namespace = `rate-limit:${crypto.randomUUID()}:`;
  let first: Product;
  let second: Product;
  beforeAll(async () => {
    first = await startProduct(redis, { limits: DEFAULT_RATE_LIMITS, limitsNamespace: namespace });
    second = await startProduct(redis, { limits: DEFAULT_RATE_LIMITS, limitsNamespace: namespace });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('counts one account’s failures on every instance together', async () => {
    const email = `shared-${crypto.randomUUID()}@example.com`;
    for (let index = 0; index < DEFAULT_RATE_LIMITS.signInFailuresPerAccount.max; index++) {
      const instance = index % 2 === 0 ? first : second;
      expect((await signIn(instance, `192.0.2.${index + 1}`, email, `guess-${index}`)).statusCode).toBe(401);
    }
    await expectSignInHeld(first, '192.0.2.200', email, 'guess');
    await expectSignInHeld(second, '192.0.2.201', email, 'guess');
  });
});
