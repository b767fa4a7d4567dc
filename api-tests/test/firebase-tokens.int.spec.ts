import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Firebase ID tokens as bearer tokens (FIREBASE_PROJECT_ID), the way the spec's own client sends them
 * (`secureFetch`: `Authorization: Bearer <ID token>`, JSON content type, from its own origin, never
 * X-Min-Position). A local key set stands in for Google's: tokens are signed here with keys made here.
 */
const PROJECT = 'hostel-meals-test';
const CLIENT = 'http://client.test';

let product: Awaited<ReturnType<typeof startProduct>>;
let admin: Awaited<ReturnType<typeof product.registerVerified>>;
let mealId: string;
let jwks: ReturnType<typeof createServer>;
let googleKey: { privateKey: CryptoKey; kid: string };
/** A key Google never published: what a forger signs with. */
let strangerKey: { privateKey: CryptoKey; kid: string };

async function rsaKey(): Promise<{ privateKey: CryptoKey; publicJwk: JWK; kid: string }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = crypto.randomUUID();
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }, kid };
}

/** An ID token as Firebase Auth issues one, with what a test changes. */
function idToken(
  claims: { email?: string; email_verified?: boolean; name?: string; uid?: string },
  options: { key?: { privateKey: CryptoKey; kid: string }; issuer?: string; audience?: string; expiresIn?: string } = {},
) {
  const key = options.key ?? googleKey;
  const now = Math.floor(Date.now() / 1000);
  const { uid = `uid-${claims.email ?? crypto.randomUUID()}`, ...rest } = claims;
  return new SignJWT({ ...rest, auth_time: now - 5, firebase: { sign_in_provider: 'password', identities: { email: [claims.email] } } })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? `https://securetoken.google.com/${PROJECT}`)
    .setAudience(options.audience ?? PROJECT)
    .setSubject(uid)
    .setIssuedAt(now - 5)
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(key.privateKey);
}

beforeAll(async () => {
  const google = await rsaKey();
  const stranger = await rsaKey();
  googleKey = google;
  strangerKey = stranger;
  jwks = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [google.publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  product = await startProduct({
    APP_ORIGIN: 'http://meals.test',
    CORS_ORIGINS: CLIENT,
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_JWKS_URL: `http://127.0.0.1:${port}/jwks`,
    ADMIN_EMAILS: 'boss@hostel.test,chief@hostel.test',
  });
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
  mealId = (await product.addMeal(admin.token))._id;
  await product.caughtUp();
});
afterAll(async () => {
  await product?.stop();
  jwks?.close();
});

/** A call of the spec client's `secureFetch` with its ID token (or its plain `fetch`, with none). */
function client(method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  return product.call(method, url, { ...options, headers: { origin: CLIENT, 'content-type': 'application/json' }, once: true });
}

describe('Firebase ID tokens (FIREBASE_PROJECT_ID)', () => {
  it("a new student's first calls: POST /users, then their profile and role, then a like, each with their ID token", async () => {
    const token = await idToken({ email: 'Fern@Example.com', email_verified: true, name: 'Fern' });

    const saved = await client('POST', '/users', { token, body: { name: 'Fern', email: 'fern@example.com', photo: '', role: 'user' } });
    const profile = await client('GET', '/users/fern@example.com', { token });
    const role = await client('GET', '/api/users?email=fern@example.com', { token });
    const liked = await client('PATCH', `/api/meals/${mealId}/like`, { token, body: { userEmail: 'fern@example.com' } });
    const meal = await client('GET', `/api/meals/${mealId}`, { token });

    expect(saved.statusCode, saved.body).toBe(200);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Fern', email: 'fern@example.com', role: 'user', badge: null });
    expect(role.json()).toMatchObject({ role: 'user' });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json()).toMatchObject({ liked: true });
    expect(meal.json()).toMatchObject({ likes: 1, likedByMe: true });
    expect(liked.headers['access-control-allow-origin']).toBe(CLIENT);
  });

  it('a read as the very first call finds the account its token just created', async () => {
    const token = await idToken({ email: 'gale@example.com', email_verified: true, name: 'Gale' });

    const profile = await client('GET', '/users/gale@example.com', { token });

    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'gale@example.com', name: 'Gale', role: 'user' });
  });

  it("a new holder's first calls sent at once each find the one account they made", async () => {
    const tokens = await Promise.all(Array.from({ length: 6 }, () => idToken({ email: 'lark@example.com', email_verified: true, name: 'Lark' })));

    const profiles = await Promise.all(tokens.map((token) => client('GET', '/users/lark@example.com', { token })));

    expect(profiles.map((profile) => profile.statusCode)).toEqual(tokens.map(() => 200));
    expect(new Set(profiles.map((profile) => profile.json()._id)).size).toBe(1);
  });

  it('is the account that already has the email (registered with a password), never a second one', async () => {
    const registered = await product.registerVerified('Hana', 'hana@example.com');
    const token = await idToken({ email: 'hana@example.com', email_verified: true, name: 'Someone Else' });

    const profile = await client('GET', '/users/hana@example.com', { token });
    const again = await client('GET', '/users/hana@example.com', { token: await idToken({ email: 'hana@example.com', email_verified: true }) });

    expect(profile.json()).toMatchObject({ _id: registered.user._id, name: 'Hana' });
    expect(again.json()).toMatchObject({ _id: registered.user._id });
  });

  it('an address in ADMIN_EMAILS is admin once Firebase has verified it, and may act as one', async () => {
    const token = await idToken({ email: 'chief@hostel.test', email_verified: true, name: 'Chief' });

    const role = await client('GET', '/api/users?email=chief@hostel.test', { token });
    const served = await client('GET', '/api/requestedMeals/admin', { token });

    expect(role.json()).toMatchObject({ role: 'admin' });
    expect(served.statusCode).toBe(200);
  });

  it('an email Firebase has not verified is refused, with a message saying so, and gets no account and no admin grant', async () => {
    const events = await product.eventCount();
    const token = await idToken({ email: 'boss2@hostel.test', email_verified: false });
    const squatter = await idToken({ email: 'hana@example.com', email_verified: false, uid: 'someone-else' });

    const answer = await client('PATCH', `/api/meals/${mealId}/like`, { token, body: { userEmail: 'boss2@hostel.test' } });
    const taken = await client('GET', '/users/hana@example.com', { token: squatter });

    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toMatch(/verify your email address with Firebase/);
    expect(taken.statusCode).toBe(401);
    expect(await product.eventCount()).toBe(events);
  });

  it('proving a mailbox nobody had proven ends the sessions of whoever registered it with a password', async () => {
    const squatter = await product.register('Squatter', 'ivy@example.com');
    expect((await client('GET', '/users/ivy@example.com', { token: squatter.token })).statusCode).toBe(200);

    const owner = await client('GET', '/users/ivy@example.com', { token: await idToken({ email: 'ivy@example.com', email_verified: true, name: 'Ivy' }) });

    expect(owner.statusCode).toBe(200);
    expect((await client('GET', '/users/ivy@example.com', { token: squatter.token })).statusCode).toBe(401);
  });

  it.each<[string, () => Parameters<typeof idToken>[1]]>([
    ['another project', () => ({ audience: 'someone-elses-project' })],
    ['another issuer', () => ({ issuer: 'https://securetoken.google.com/someone-elses-project' })],
    ['a key Google never published', () => ({ key: strangerKey })],
    ['an expired token', () => ({ expiresIn: '-2 minutes' })],
  ])('a token of %s is refused (401)', async (_name, options) => {
    const token = await idToken({ email: 'jay@example.com', email_verified: true }, options());

    const answer = await client('GET', '/users/jay@example.com', { token });

    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it.each([
    ['PATCH', '/api/meals/{id}/like', { userEmail: 'fern@example.com' }],
    ['POST', '/api/reviews', { mealId: '{id}', review: 'Nice', userEmail: 'fern@example.com' }],
    ['POST', '/api/mealRequests', { mealId: '{id}', userEmail: 'fern@example.com', status: 'Pending' }],
    ['POST', '/payment', { email: 'fern@example.com', package: 'Silver', badge: 'Silver', price: '$19', stripeToken: 'tok_visa' }],
  ])("the client's plain fetch with no token (%s %s) is still a 401 that says to sign in", async (method, path, body) => {
    const answer = await client(method, path.replace('{id}', mealId), { body: JSON.parse(JSON.stringify(body).replace('{id}', mealId)) });

    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe('Please sign in first');
  });
});

describe("every call of the spec's client that carries its Firebase ID token (SPEC section 7)", () => {
  it('is answered as the client expects, for a student and for an admin', async () => {
    const email = 'kai@example.com';
    const student = await idToken({ email, email_verified: true, name: 'Kai' });
    const chief = await idToken({ email: 'chief@hostel.test', email_verified: true, name: 'Chief' });
    const answers: [string, number][] = [];
    const call = async (label: string, method: string, url: string, token: string, body?: unknown) => {
      const answer = await client(method, url, { token, ...(body !== undefined ? { body } : {}) });
      answers.push([`${label}: ${method} ${url.replace(/[0-9a-f-]{36}(\.\d+)?/g, '{id}')}`, answer.statusCode]);
      return answer;
    };
    const dish = { category: 'Dinner', image: await product.upload(admin.token), ingredients: 'rice, dal', description: 'Warm', price: 5 };

    await call('student', 'POST', '/users', student, { name: 'Kai', email, photo: '', role: 'user' });
    const me = await call('student', 'GET', `/users/${email}`, student);
    await call('student', 'GET', `/api/users?email=${email}`, student);
    await call('student', 'GET', '/api/meals', student);
    await call('student', 'GET', `/api/meals/${mealId}`, student);
    await call('student', 'PATCH', `/api/meals/${mealId}/like`, student, { userEmail: email });
    const review = await call('student', 'POST', '/api/reviews', student, {
      userEmail: email,
      userName: 'Kai',
      mealId,
      mealTitle: 'Masala Omelette',
      distributorName: 'Boss',
      review: 'Good',
      createdAt: new Date().toISOString(),
    });
    await call('student', 'PATCH', `/api/meals/${mealId}`, student, { reviewCount: 1 });
    await call('student', 'GET', '/api/reviews', student);
    await call('student', 'GET', `/api/reviews/${mealId}`, student);
    await call('student', 'DELETE', `/api/reviews/${review.json()._id}`, student);
    await call('student', 'GET', '/api/upcomingMeals', student);
    await call('student', 'GET', `/payments?email=${email}`, student);
    await call('student', 'POST', '/payment', student, { email, package: 'Silver', badge: 'Silver', price: '$19', stripeToken: 'tok_visa' });
    const requested = await call('student', 'POST', '/api/mealRequests', student, {
      userName: 'Kai',
      userEmail: email,
      mealId,
      mealTitle: 'Masala Omelette',
      distributorName: 'Boss',
      status: 'Pending',
      requestTime: new Date().toISOString(),
      userBadge: 'Silver',
    });
    await call('student', 'GET', `/api/mealRequests?userEmail=${email}`, student);
    const other = await product.addMeal(admin.token, { title: 'Second Dal' });
    await product.caughtUp();
    const toCancel = await call('student', 'POST', '/api/mealRequests', student, {
      userName: 'Kai',
      userEmail: email,
      mealId: other._id,
      mealTitle: 'Second Dal',
      distributorName: 'Boss',
      status: 'Pending',
      requestTime: new Date().toISOString(),
      userBadge: 'Silver',
    });
    await call('student', 'DELETE', `/api/mealRequests/${toCancel.json()._id}`, student);

    await call('admin', 'GET', `/users?email=chief@hostel.test&search=kai`, chief);
    await call('admin', 'GET', '/api/requestedMeals/admin', chief);
    await call('admin', 'PATCH', `/api/requestedMeals/${requested.json()._id}/serve`, chief);
    const added = await call('admin', 'POST', '/api/meals', chief, {
      title: 'Chief Dal',
      ...dish,
      postTime: new Date().toISOString(),
      distributorName: 'Chief',
      distributorEmail: 'chief@hostel.test',
      rating: 0,
      likes: 0,
      reviews_count: 0,
    });
    await call('admin', 'PUT', `/api/meals/${added.json()._id}`, chief, { title: 'Chief Dal', distributorName: 'Chief', rating: 8, price: 6 });
    await call('admin', 'DELETE', `/api/meals/${added.json()._id}`, chief);
    const upcoming = await call('admin', 'POST', '/api/upcomingMeals', chief, {
      title: 'Chief Soon',
      ...dish,
      ingredients: ['rice'],
      distributorName: 'Chief',
      distributorEmail: 'chief@hostel.test',
      likes: 0,
      reviewCount: 0,
      rating: 0,
    });
    await call('student', 'PATCH', `/api/upcomingMeals/${upcoming.json()._id}/like`, student, { userEmail: email });
    await call('admin', 'PATCH', `/api/upcomingMeals/${upcoming.json()._id}/publish`, chief);
    await call('admin', 'PATCH', `/users/admin/${me.json()._id}`, chief);
    const promoted = await call('student, now admin', 'GET', `/api/users?email=${email}`, student);

    expect(Object.fromEntries(answers)).toEqual({
      'student: POST /users': 200,
      'student: GET /users/kai@example.com': 200,
      'student: GET /api/users?email=kai@example.com': 200,
      'student: GET /api/meals': 200,
      'student: GET /api/meals/{id}': 200,
      'student: PATCH /api/meals/{id}/like': 200,
      'student: POST /api/reviews': 201,
      'student: PATCH /api/meals/{id}': 200,
      'student: GET /api/reviews': 200,
      'student: GET /api/reviews/{id}': 200,
      'student: DELETE /api/reviews/{id}': 200,
      'student: GET /api/upcomingMeals': 200,
      'student: GET /payments?email=kai@example.com': 200,
      'student: POST /payment': 200,
      'student: POST /api/mealRequests': 201,
      'student: GET /api/mealRequests?userEmail=kai@example.com': 200,
      'student: DELETE /api/mealRequests/{id}': 200,
      'admin: GET /users?email=chief@hostel.test&search=kai': 200,
      'admin: GET /api/requestedMeals/admin': 200,
      'admin: PATCH /api/requestedMeals/{id}/serve': 200,
      'admin: POST /api/meals': 201,
      'admin: PUT /api/meals/{id}': 200,
      'admin: DELETE /api/meals/{id}': 200,
      'admin: POST /api/upcomingMeals': 201,
      'student: PATCH /api/upcomingMeals/{id}/like': 200,
      'admin: PATCH /api/upcomingMeals/{id}/publish': 200,
      'admin: PATCH /users/admin/{id}': 200,
      'student, now admin: GET /api/users?email=kai@example.com': 200,
    });
    // Each call reads the account: the role given a moment ago counts at once, on the same kind of token.
    expect(promoted.json()).toMatchObject({ role: 'admin' });
    expect(me.json()).toMatchObject({ email, role: 'user' });
  });
});
