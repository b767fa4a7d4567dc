import type { AddressInfo } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCookieOf, startProduct } from '@hostel/embedded/testing';
import { linkOf } from '@hostel/embedded/testing/mailbox';

let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.stop());

describe('register', () => {
  it('creates a user account, answers a token, the user and a position, and sets an httpOnly refresh cookie', async () => {
    const response = await product.call('POST', '/api/auth/register', { body: { name: 'Rita', email: 'Rita@Example.com', password: 'secret-pass-1' } });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ name: 'Rita', email: 'rita@example.com', role: 'user', badge: null, photo: '' });
    expect(body.token).toMatch(/^ey/);
    expect(body.position).toMatch(/^\d+\/\d+$/);
    const cookie = response.cookies.find((candidate) => candidate.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  });

  it('refuses a second account with the same email (any case) with 409', async () => {
    const response = await product.call('POST', '/api/auth/register', { body: { name: 'Rita 2', email: 'RITA@example.com', password: 'another-pass' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An account with this email already exists');
  });

  it('answers 400 with the field issues when name, email and password are missing, and appends nothing', async () => {
    const before = await product.eventCount();
    const response = await product.call('POST', '/api/auth/register', { body: {} });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Name is required');
    expect(body.issues.map((issue: { message: string }) => issue.message)).toEqual(['Name is required', 'Email is required', 'Password is required']);
    expect(await product.eventCount()).toBe(before);
  });

  it('makes an ADMIN_EMAILS account admin once its owner followed the mailed verification link (the whole story: mailed-links.int.spec.ts)', async () => {
    const boss = await product.registerVerified('Boss', 'boss@hostel.test');
    expect(boss.user).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('answers 4xx with a message for malformed and oversized bodies', async () => {
    const malformed = await product.call('POST', '/api/auth/register', { payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Request body is not valid JSON');
    const huge = await product.call('POST', '/api/auth/register', { body: { name: 'x'.repeat(300_000), email: 'a@b.io', password: 'p' } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Request body is too large');
    const long = await product.call('POST', '/api/auth/register', { body: { name: 'x'.repeat(101), email: 'a@b.io', password: 'secret-pass' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Name is too long');
  });
});

describe('mailed links', () => {
  it("point at the URL npm start prints when APP_ORIGIN is unset, whatever the request's Host says", async () => {
    const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const registered = await product.call('POST', '/api/auth/register', {
      body: { name: 'Hana', email: 'hana@example.com', password: 'secret-pass-1' },
      headers: evil,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await product.call('POST', '/api/auth/forgot-password', { body: { email: 'hana@example.com' }, headers: evil });
    await product.call('POST', '/api/newsletter', { body: { email: 'hana@example.com' }, headers: evil });
    const links = await Promise.all([
      product.mailbox.take('hana@example.com', '/verify-email'),
      product.mailbox.take('hana@example.com', '/reset-password'),
      product.mailbox.take('hana@example.com', '/?newsletter=confirm'),
    ]);
    expect(links.map((mail) => linkOf(mail).origin)).toEqual(Array(3).fill('http://localhost:3000'));
  });
});

describe('login', () => {
  it('answers a token for the right password and 401 with a message for a wrong one or an unknown email', async () => {
    await product.register('Lee', 'lee@example.com', 'lee-password');
    const ok = await product.call('POST', '/api/auth/login', { body: { email: 'LEE@example.com', password: 'lee-password' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('lee@example.com');
    const wrong = await product.call('POST', '/api/auth/login', { body: { email: 'lee@example.com', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    const unknown = await product.call('POST', '/api/auth/login', { body: { email: 'ghost@example.com', password: 'whatever' } });
    expect(unknown.statusCode).toBe(401);
  });

  it('answers 429 after a burst of failures for the same email from one address and browser, even with the right password', async () => {
    await product.register('Target', 'target@example.com', 'right-password');
    const statuses: number[] = [];
    // Five failures are free; the sixth makes the next attempt here wait.
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push((await product.call('POST', '/api/auth/login', { body: { email: 'target@example.com', password: `wrong-${attempt}` } })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const right = await product.call('POST', '/api/auth/login', { body: { email: 'target@example.com', password: 'right-password' } });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many failed sign-in attempts/);
    expect(right.headers['retry-after']).toBeDefined();
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token; a reused one is refused and ends that sign-in', async () => {
    const { refreshCookie } = await product.register('Sam', 'sam@example.com');
    const first = await product.call('POST', '/api/auth/refresh', { headers: { cookie: refreshCookie! } });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe('sam@example.com');
    const rotated = refreshCookieOf(first)!;
    expect(rotated).not.toBe(refreshCookie);

    const reused = await product.call('POST', '/api/auth/refresh', { headers: { cookie: refreshCookie! } });
    expect(reused.statusCode).toBe(401);
    // Reuse means the token leaked: the rotated successor stops working too, and so do the session's access tokens.
    const successor = await product.call('POST', '/api/auth/refresh', { headers: { cookie: rotated } });
    expect(successor.statusCode).toBe(401);
    expect((await product.call('GET', '/users/sam@example.com', { token: first.json().token })).statusCode).toBe(401);
  });

  it("ends the access token's session at once on logout: its tokens are refused, its socket let go; the account's other sign-ins go on", async () => {
    const signedUp = await product.register('Leaver', 'leaver@example.com');
    const elsewhere = (await product.call('POST', '/api/auth/login', { body: { email: 'leaver@example.com', password: 'secret-pass-1' } })).json();
    const read = (token: string) => product.call('GET', '/users/leaver@example.com', { token });
    const write = (token: string) => product.call('POST', '/users', { token, body: { name: 'Leaver Again' } });
    expect((await read(signedUp.token)).statusCode).toBe(200);
    await product.services.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = product.services.app.server.address() as AddressInfo;
    const socket = connectSocket(`http://127.0.0.1:${port}`, { auth: { token: signedUp.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const letGo = new Promise((resolve) => socket.once('disconnect', resolve));

    const logout = await product.call('POST', '/api/auth/logout', { headers: { cookie: signedUp.refreshCookie! } });
    expect(logout.statusCode).toBe(204);
    const [readAfter, writeAfter] = [await read(signedUp.token), await write(signedUp.token)];
    expect([readAfter.statusCode, writeAfter.statusCode]).toEqual([401, 401]);
    expect(readAfter.json().message).toEqual(expect.any(String));
    await letGo;
    expect(socket.connected).toBe(false);
    const refused = connectSocket(`http://127.0.0.1:${port}`, { auth: { token: signedUp.token }, transports: ['websocket'], reconnection: false });
    expect(await new Promise((resolve) => refused.once('connect_error', (error) => resolve(error.message)))).toBe('invalid access token');
    refused.close();
    // The other sign-in (another browser) is another session.
    expect((await read(elsewhere.token)).statusCode).toBe(200);
    expect((await write(elsewhere.token)).statusCode).toBe(200);
  });

  it('stops the refresh token from working after logout', async () => {
    const { refreshCookie } = await product.register('Out', 'out@example.com');
    const logout = await product.call('POST', '/api/auth/logout', { headers: { cookie: refreshCookie! } });
    expect(logout.statusCode).toBe(204);
    const after = await product.call('POST', '/api/auth/refresh', { headers: { cookie: refreshCookie! } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('refuses a forged or expired access token with 401', async () => {
    const forged = await product.call('GET', '/users/sam@example.com', { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(forged.statusCode).toBe(401);
  });
});

describe('users', () => {
  it("lets a user read their own record, not another user's; an admin reads anyone's", async () => {
    const mia = await product.register('Mia', 'mia@example.com');
    const noah = await product.register('Noah', 'noah@example.com');
    const boss = (await product.call('POST', '/api/auth/login', { body: { email: 'boss@hostel.test', password: 'secret-pass-1' } })).json();
    const own = await product.call('GET', '/users/mia@example.com', { token: mia.token, headers: { 'x-min-position': mia.position } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ _id: mia.user._id, name: 'Mia', email: 'mia@example.com', photo: '', badge: null, role: 'user' });
    expect((await product.call('GET', '/users/mia@example.com', { token: noah.token })).statusCode).toBe(403);
    expect((await product.call('GET', '/users/mia@example.com')).statusCode).toBe(401);
    expect((await product.call('GET', '/users/mia@example.com', { token: boss.token })).statusCode).toBe(200);
    const role = await product.call('GET', '/api/users?email=mia@example.com', { token: mia.token });
    expect(role.json().role).toBe('user');
  });

  it("POST /users updates the caller's own name and photo and ignores role and badge", async () => {
    const eve = await product.register('Eve', 'eve@example.com');
    const update = await product.call('POST', '/users', {
      token: eve.token,
      body: { name: 'Eve Adams', photo: '/api/media/x', role: 'admin', badge: 'platinum', email: 'other@example.com' },
    });
    expect(update.statusCode).toBe(200);
    const { position } = update.json();
    const read = await product.call('GET', '/users/eve@example.com', { token: eve.token, headers: { 'x-min-position': position } });
    expect(read.json()).toMatchObject({ name: 'Eve Adams', photo: '/api/media/x', role: 'user', badge: null });
  });

  it('lets an admin search users by name or email, paged, with the total in X-Total-Count', async () => {
    const boss = (await product.call('POST', '/api/auth/login', { body: { email: 'boss@hostel.test', password: 'secret-pass-1' } })).json();
    for (const index of [1, 2, 3]) await product.register(`Paged ${index}`, `paged${index}@example.com`);
    const last = await product.register('Paged 4', 'paged4@example.com');
    const page = await product.call('GET', '/users?search=paged&skip=1&limit=2', { token: boss.token, headers: { 'x-min-position': last.position } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((user: { name: string }) => user.name)).toEqual(['Paged 2', 'Paged 3']);
    const byEmail = await product.call('GET', '/users?search=PAGED4@', { token: boss.token });
    expect(byEmail.json().map((user: { email: string }) => user.email)).toEqual(['paged4@example.com']);
    const wildcard = await product.call('GET', '/users?search=%25', { token: boss.token });
    expect(wildcard.json()).toEqual([]);
    // The spec's client sends the caller's own email too: it filters nothing, the search still finds others.
    const specCall = await product.call('GET', '/users?email=boss@hostel.test&search=paged', { token: boss.token });
    expect([specCall.headers['x-total-count'], specCall.json().map((user: { name: string }) => user.name)]).toEqual([
      '4',
      ['Paged 1', 'Paged 2', 'Paged 3', 'Paged 4'],
    ]);
    const specAll = await product.call('GET', '/users?email=BOSS@hostel.test', { token: boss.token });
    expect(Number(specAll.headers['x-total-count'])).toBeGreaterThan(1);
  });

  it('promotes a user to admin once; the new role shows in the read model and in the next token', async () => {
    const boss = (await product.call('POST', '/api/auth/login', { body: { email: 'boss@hostel.test', password: 'secret-pass-1' } })).json();
    const zoe = await product.register('Zoe', 'zoe@example.com');
    const promoted = await product.call('PATCH', `/users/admin/${zoe.user._id}`, { token: boss.token });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().message).toBe('User promoted to admin');
    const read = await product.call('GET', '/api/users?email=zoe@example.com', { token: zoe.token, headers: { 'x-min-position': promoted.json().position } });
    expect(read.json().role).toBe('admin');
    const again = await product.call('PATCH', `/users/admin/${zoe.user._id}`, { token: boss.token });
    expect(again.json().message).toBe('User is already an admin');
    const login = await product.call('POST', '/api/auth/login', { body: { email: 'zoe@example.com', password: 'secret-pass-1' } });
    expect(login.json().user.role).toBe('admin');
    const unknown = await product.call('PATCH', `/users/admin/${crypto.randomUUID()}`, { token: boss.token });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('read-your-writes', () => {
  it('refuses a malformed X-Min-Position with 400', async () => {
    const kim = await product.register('Kim', 'kim@example.com');
    const response = await product.call('GET', '/users/kim@example.com', { token: kim.token, headers: { 'x-min-position': 'yesterday' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/X-Min-Position/);
  });

  it('waits for the projection to pass the position, bounded to about 2 s', async () => {
    const ida = await product.register('Ida', 'ida@example.com');
    const asked = Date.now();
    const reached = await product.call('GET', '/users/ida@example.com', { token: ida.token, headers: { 'x-min-position': ida.position }, once: true });
    expect(reached.headers['x-position-reached']).toBe('true');
    expect(Date.now() - asked).toBeLessThan(1900);
    const started = Date.now();
    const future = await product.call('GET', '/users/ida@example.com', { token: ida.token, headers: { 'x-min-position': '999999999/1' }, once: true });
    expect(future.statusCode).toBe(200);
    expect(future.headers['x-position-reached']).toBe('false');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});
