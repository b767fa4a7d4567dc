import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '@hostel/command-api';
import type { RateLimits } from '@hostel/command-api';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Rate limits, proven with the real defaults where a test can afford them and with tight values where
 * the default would take minutes of hashing. Every 429 is `{message}` with Retry-After, and what it
 * refused appended nothing. Addresses are set per request (inject's remoteAddress), as a proxy-less
 * server sees them.
 */
type Product = Awaited<ReturnType<typeof startProduct>>;

function from(product: Product, address: string, method: string, url: string, options: { token?: string; body?: unknown; cookie?: string } = {}) {
  return product.services.app.inject({
    method: method as 'POST',
    url,
    remoteAddress: address,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** A 429 saying when to try again: Retry-After, and the same wait in its words. Answers the wait in seconds. */
function expectTooMany(response: Awaited<ReturnType<typeof from>>, message: RegExp): number {
  expect(response.statusCode, response.body).toBe(429);
  const { message: said } = response.json() as { message: string };
  expect(said).toMatch(message);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  expect(said).toMatch(new RegExp(` Please try again in ${wait}\\.$`));
  return seconds;
}

/** A sign-in from `address` with these credentials, on the browser holding `device` (its known-device cookie) if given. */
function signIn(product: Product, address: string, email: string, password: string, device?: string) {
  return from(product, address, 'POST', '/api/auth/login', { body: { email, password }, ...(device ? { cookie: device } : {}) });
}

/** Signs in rightly from `address` and answers the cookie that makes this browser one the account signed in on. */
async function knownBrowser(product: Product, address: string, email: string, password: string): Promise<string> {
  const response = await signIn(product, address, email, password);
  expect(response.statusCode, response.body).toBe(200);
  const device = response.cookies.find((cookie) => cookie.name === 'known_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
  return `known_device=${device!.value}`;
}

/** A sign-in from `address` refused while failures are held against the account or the address. */
async function expectSignInHeld(product: Product, address: string, email: string, password: string, device?: string) {
  return expectTooMany(await signIn(product, address, email, password, device), /^Too many failed sign-in attempts /);
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
    // transaction of this database is still open: wait for it.
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

  it('given six wrong passwords for an account from one address, then only that account at that address waits; its owner signs in from elsewhere and from a browser used before, even there', async () => {
    const owner = await product.register('Owner', 'owner@example.com');
    const browser = await knownBrowser(product, '198.51.100.7', owner.user.email, 'secret-pass-1');
    const { free, firstDelayMs } = DEFAULT_RATE_LIMITS.signInFailures;
    for (let index = 0; index <= free; index++) expect((await signIn(product, '203.0.113.66', owner.user.email, `guess-${index}`)).statusCode).toBe(401);
    // The guesser waits, growing from firstDelayMs, for this account only, whatever the password.
    expect(await expectSignInHeld(product, '203.0.113.66', owner.user.email, 'guess-next')).toBe(firstDelayMs / 1000);
    await expectSignInHeld(product, '203.0.113.66', owner.user.email, 'secret-pass-1');
    expect((await signIn(product, '203.0.113.66', 'flood3@example.com', 'secret-pass-1')).statusCode).toBe(200);
    // The owner: from another address, and from their own browser even at the guesser's address.
    expect((await signIn(product, '198.51.100.8', owner.user.email, 'secret-pass-1')).statusCode).toBe(200);
    expect((await signIn(product, '203.0.113.66', owner.user.email, 'secret-pass-1', browser)).statusCode).toBe(200);
  });

  it(`given 20 failed sign-ins to unknown accounts from one address (a hostel's shared address), then everyone there signs in: the address waits only past ${DEFAULT_RATE_LIMITS.signInFailuresPerAddress.max} failures`, async () => {
    for (let index = 0; index < 20; index++) expect((await signIn(product, '203.0.113.50', `victim${index}@example.com`, 'password123')).statusCode).toBe(401);
    expect((await signIn(product, '203.0.113.50', 'flood1@example.com', 'secret-pass-1')).statusCode).toBe(200);
  });
});

describe('with tight sign-in limits', () => {
  const tight: Partial<RateLimits> = {
    signInFailuresPerAddress: { max: 8, windowMs: 60_000 },
    signInFailures: { free: 2, firstDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000 },
    signInFailuresPerAccount: { free: 10, firstDelayMs: 60_000, maxDelayMs: 60_000, forgetAfterMs: 60_000 },
  };
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({}, { limits: tight });
  });
  afterAll(async () => product?.stop());
  /**
   * A wrong password from `address`, sent once the account's hold there is over: waited for on the
   * condition (each refused look is turned away before any password is checked, and counts nothing).
   */
  const failOnceLetThrough = (address: string, email: string) =>
    vi.waitFor(async () => expect((await signIn(product, address, email, 'wrong-pass-1')).statusCode).toBe(401), { timeout: 10_000, interval: 100 });

  it('holds an account at an address back longer after each failure past the free ones (1, 2, 4, 4 s)', async () => {
    const member = await product.register('Grow', 'grow@example.com');
    const address = '203.0.113.20';
    for (let index = 0; index < 2; index++) expect((await signIn(product, address, member.user.email, 'wrong-pass-1')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let index = 0; index < 4; index++) {
      await failOnceLetThrough(address, member.user.email);
      waits.push(await expectSignInHeld(product, address, member.user.email, 'wrong-pass-1'));
    }
    expect(waits).toEqual([1, 2, 4, 4]);
  });

  it('forgets the failures of an account at an address once its password is given there', async () => {
    const member = await product.register('Forget', 'forget@example.com');
    const address = '203.0.113.21';
    for (let index = 0; index < 3; index++) expect((await signIn(product, address, member.user.email, 'wrong-pass-1')).statusCode).toBe(401);
    await expectSignInHeld(product, address, member.user.email, 'secret-pass-1');
    await vi.waitFor(async () => expect((await signIn(product, address, member.user.email, 'secret-pass-1')).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    // Counted afresh: two free failures again.
    for (let index = 0; index < 2; index++) expect((await signIn(product, address, member.user.email, 'wrong-pass-1')).statusCode).toBe(401);
    expect((await signIn(product, address, member.user.email, 'secret-pass-1')).statusCode).toBe(200);
  });

  it("given failures from many addresses, then the account waits on browsers it never signed in on; the owner's browser signs in, wherever it is", async () => {
    const owner = await product.register('Many', 'many@example.com');
    const browser = await knownBrowser(product, '198.51.100.30', owner.user.email, 'secret-pass-1');
    for (let index = 0; index < 11; index++) expect((await signIn(product, `192.0.2.${index + 1}`, owner.user.email, `guess-${index}`)).statusCode).toBe(401);
    expect(await expectSignInHeld(product, '192.0.2.99', owner.user.email, 'secret-pass-1')).toBe(60);
    expect((await signIn(product, '192.0.2.99', owner.user.email, 'secret-pass-1')).json().message).toMatch(
      /A device you have signed in on before can still sign in\./,
    );
    expect((await signIn(product, '192.0.2.1', owner.user.email, 'secret-pass-1', browser)).statusCode).toBe(200);
    // A browser known for another account, or a cookie made up, is no known browser of this one.
    const stranger = await product.register('Stranger', 'stranger@example.com');
    const strangersBrowser = await knownBrowser(product, '198.51.100.31', stranger.user.email, 'secret-pass-1');
    await expectSignInHeld(product, '192.0.2.99', owner.user.email, 'secret-pass-1', strangersBrowser);
    await expectSignInHeld(product, '192.0.2.99', owner.user.email, 'secret-pass-1', `${browser.slice(0, -3)}abc`);
  });

  it('given an address at its limit of failed sign-ins, then a browser there that signed in before still signs in; others wait, told when to retry', async () => {
    const student = await product.register('Hostel', 'hostel@example.com');
    const browser = await knownBrowser(product, '203.0.113.40', student.user.email, 'secret-pass-1');
    for (let index = 0; index < 8; index++) expect((await signIn(product, '203.0.113.40', `nobody${index}@example.com`, 'password123')).statusCode).toBe(401);
    expectTooMany(await signIn(product, '203.0.113.40', student.user.email, 'secret-pass-1'), /^Too many failed sign-in attempts from your network\. /);
    expect((await signIn(product, '203.0.113.40', student.user.email, 'secret-pass-1', browser)).statusCode).toBe(200);
  });

  it('holds a known browser back for its own failures only', async () => {
    const owner = await product.register('Own', 'own@example.com');
    const browser = await knownBrowser(product, '198.51.100.50', owner.user.email, 'secret-pass-1');
    for (let index = 0; index < 3; index++) expect((await signIn(product, '198.51.100.50', owner.user.email, 'wrong-pass-1', browser)).statusCode).toBe(401);
    expectTooMany(await signIn(product, '198.51.100.50', owner.user.email, 'secret-pass-1', browser), /^Too many failed sign-in attempts on this device\. /);
    expect((await signIn(product, '198.51.100.51', owner.user.email, 'secret-pass-1')).statusCode).toBe(200);
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
    const uploader = await product.registerVerified('Uploader', 'uploader@example.com');
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

  it('counts failures on every instance together', async () => {
    const email = `shared-${crypto.randomUUID()}@example.com`;
    for (let index = 0; index <= DEFAULT_RATE_LIMITS.signInFailures.free; index++) {
      const instance = index % 2 === 0 ? first : second;
      expect((await signIn(instance, '192.0.2.200', email, `guess-${index}`)).statusCode).toBe(401);
    }
    await expectSignInHeld(first, '192.0.2.200', email, 'guess');
    await expectSignInHeld(second, '192.0.2.200', email, 'guess');
  });
});
