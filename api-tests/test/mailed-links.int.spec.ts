import { randomBytes } from 'node:crypto';
import type { Server } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '@hostel/platform/net';
import { refreshCookieOf, startProduct } from '@hostel/embedded/testing';
import { linkOf, tokenOf } from '@hostel/embedded/testing/mailbox';

/**
 * ADMIN_EMAILS makes an account admin only once its owner proves the address: the mailed verification
 * link, a password reset link, or an OpenID provider that vouches for the email. And the links themselves:
 * single use, expiring, answered alike for unknown addresses.
 */
const APP_ORIGIN = 'http://app.hostel.test';
const ADMIN_EMAILS = ['boss@hostel.test', 'chief@hostel.test', 'proven@oidc.test', 'unproven@oidc.test'];

let product: Awaited<ReturnType<typeof startProduct>>;
let provider: Server;
let issuer: string;

beforeAll(async () => {
  // A real OpenID provider (oidc-provider) whose accounts' emails are `<login>@oidc.test`, vouched for unless the login says 'unproven'.
  // The provider must know its own address (the issuer) before it listens.
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'hostel-test',
        client_secret: 'test-secret',
        redirect_uris: [`${APP_ORIGIN}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-only-cookie-key'] },
    async findAccount(_context, id) {
      return { accountId: id, claims: async () => ({ sub: id, email: `${id}@oidc.test`, email_verified: !id.startsWith('unproven'), name: `Popup ${id}` }) };
    },
  });
  provider = await new Promise((resolve) => {
    const server = oidc.listen(port, '127.0.0.1', () => resolve(server));
  });
  product = await startProduct({
    ADMIN_EMAILS: ADMIN_EMAILS.join(','),
    APP_ORIGIN,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'hostel-test',
    OIDC_CLIENT_SECRET: 'test-secret',
  });
});
afterAll(async () => {
  await product?.stop();
  await new Promise((resolve) => provider?.close(resolve));
});

const refresh = (cookie: string | undefined) => product.call('POST', '/api/auth/refresh', { headers: { cookie: cookie ?? '' } });
const login = (email: string, password: string) => product.call('POST', '/api/auth/login', { body: { email, password } });
const userEvents = async (userId: string) =>
  (await product.services.store.readStream(`user-${userId}`)).map(({ type, data, metadata }) => ({ type, data, metadata }));
/** A token shaped like ours, for an account that exists, with a secret nobody was sent. */
const forgedToken = (userId: string) => `${userId}.${randomBytes(32).toString('base64url')}`;

describe('ADMIN_EMAILS by the verification link', () => {
  it("registering a listed address gives 'user' until the mailed link is followed; then the next token says 'admin'", async () => {
    const boss = await product.register('Boss', 'boss@hostel.test');
    expect(boss.user).toMatchObject({ role: 'user', emailVerified: false });
    expect((await product.call('GET', '/users', { token: boss.token })).statusCode).toBe(403);
    const before = await refresh(boss.refreshCookie);
    expect(before.json().user).toMatchObject({ role: 'user', emailVerified: false });

    const mail = await product.mailbox.take('boss@hostel.test', '/verify-email');
    expect(mail.subject).toBe('Verify your email for Hostel Meals');
    expect(linkOf(mail).origin).toBe(APP_ORIGIN);
    const verified = await product.call('POST', '/api/auth/verify-email', { body: { token: tokenOf(mail) } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Your email is verified.');

    const after = await refresh(refreshCookieOf(before));
    expect(after.json().user).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await product.call('GET', '/users', { token: after.json().token })).statusCode).toBe(200);

    // The grant is on the record: why, and who did it (the owner following the link), in the same request as the proof.
    const [proof, grant] = (await userEvents(boss.user._id)).slice(-2);
    expect(proof).toMatchObject({
      type: 'UserEmailVerified',
      data: { email: 'boss@hostel.test', via: 'verification-link' },
      metadata: { actor: boss.user._id },
    });
    expect(grant).toMatchObject({
      type: 'UserPromotedToAdmin',
      data: { reason: 'verified-admin-email' },
      metadata: { actor: boss.user._id, correlationId: proof?.metadata.correlationId },
    });

    const again = await product.call('POST', '/api/auth/verify-email', { body: { token: tokenOf(mail) } });
    expect(again.json()).toMatchObject({ message: 'Your email is already verified.' });
  });

  it('refuses a forged, a malformed and a missing token with 400 and appends nothing', async () => {
    const ann = await product.register('Ann', 'ann@example.com');
    const before = await product.eventCount();
    for (const body of [
      { token: forgedToken(ann.user._id) },
      { token: forgedToken(crypto.randomUUID()) },
      { token: 'x' },
      { token: `${ann.user._id}.\u0000` },
      {},
    ]) {
      const response = await product.call('POST', '/api/auth/verify-email', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe('This link is not valid. Please ask for a new one.');
    }
    expect(await product.eventCount()).toBe(before);
  });

  it('an expired verification link is refused; a signed-in user asks for a new one (one a minute), which works', async () => {
    const eve = await product.register('Eve', 'eve@example.com');
    const first = await product.mailbox.take('eve@example.com', '/verify-email');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
      const expired = await product.call('POST', '/api/auth/verify-email', { body: { token: tokenOf(first) } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('This link has expired. Please ask for a new one.');
    } finally {
      vi.useRealTimers();
    }
    const tooSoon = await product.call('POST', '/api/auth/resend-verification', { token: eve.token });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('60');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const resent = await product.call('POST', '/api/auth/resend-verification', { token: eve.token });
      expect(resent.statusCode).toBe(200);
      expect(resent.json().message).toBe('We sent a new verification link to eve@example.com.');
    } finally {
      vi.useRealTimers();
    }
    const second = await product.mailbox.take('eve@example.com', '/verify-email');
    expect((await product.call('POST', '/api/auth/verify-email', { body: { token: tokenOf(second) } })).statusCode).toBe(200);
    expect((await product.call('POST', '/api/auth/resend-verification', { token: eve.token })).statusCode).toBe(409);
  });
});

describe('forgot password and the reset link', () => {
  it('answers an unknown email exactly as a known one, and mails only the known one', async () => {
    await product.register('Known', 'known@example.com');
    const known = await product.call('POST', '/api/auth/forgot-password', { body: { email: 'Known@Example.com' } });
    const unknown = await product.call('POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.com' } });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json().message).toBe('If an account uses this email, a link to reset its password is on its way. It works once, within an hour.');
    const mail = await product.mailbox.take('known@example.com', '/reset-password');
    expect(mail.subject).toBe('Reset your Hostel Meals password');
    expect(product.mailbox.all.some((message) => message.to === 'nobody@example.com')).toBe(false);
    expect((await product.call('POST', '/api/auth/forgot-password', { body: { email: 'not an email' } })).statusCode).toBe(400);
  });

  it('the link sets a new password once; the old password and every session opened with it stop working', async () => {
    const rae = await product.register('Rae', 'rae@example.com', 'old-password');
    await product.call('POST', '/api/auth/forgot-password', { body: { email: 'rae@example.com' } });
    const token = tokenOf(await product.mailbox.take('rae@example.com', '/reset-password'));

    const short = await product.call('POST', '/api/auth/reset-password', { body: { token, password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    const reset = await product.call('POST', '/api/auth/reset-password', { body: { token, password: 'new-password' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been changed. Please sign in with your new password.');

    expect((await login('rae@example.com', 'old-password')).statusCode).toBe(401);
    expect((await login('rae@example.com', 'new-password')).statusCode).toBe(200);
    expect((await refresh(rae.refreshCookie)).statusCode).toBe(401);

    const before = await product.eventCount();
    const twice = await product.call('POST', '/api/auth/reset-password', { body: { token, password: 'third-password' } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('This link is not valid. Please ask for a new one.');
    const wrong = await product.call('POST', '/api/auth/reset-password', { body: { token: forgedToken(rae.user._id), password: 'third-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(await product.eventCount()).toBe(before);
    expect((await login('rae@example.com', 'new-password')).statusCode).toBe(200);
  });

  it('a reset link expires after an hour', async () => {
    await product.register('Ian', 'ian@example.com');
    await product.call('POST', '/api/auth/forgot-password', { body: { email: 'ian@example.com' } });
    const token = tokenOf(await product.mailbox.take('ian@example.com', '/reset-password'));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1000);
      const expired = await product.call('POST', '/api/auth/reset-password', { body: { token, password: 'new-password' } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('This link has expired. Please ask for a new one.');
    } finally {
      vi.useRealTimers();
    }
    expect((await login('ian@example.com', 'secret-pass-1')).statusCode).toBe(200);
  });

  it('a reset proves the mailbox: the owner of a listed address someone else registered becomes admin, the squatter is out', async () => {
    const squatter = await product.register('Not Chief', 'chief@hostel.test', 'squatter-pass');
    expect(squatter.user.role).toBe('user');
    await product.call('POST', '/api/auth/forgot-password', { body: { email: 'chief@hostel.test' } });
    const token = tokenOf(await product.mailbox.take('chief@hostel.test', '/reset-password'));
    expect((await product.call('POST', '/api/auth/reset-password', { body: { token, password: 'chief-own-pass' } })).statusCode).toBe(200);

    expect((await refresh(squatter.refreshCookie)).statusCode).toBe(401);
    expect((await login('chief@hostel.test', 'squatter-pass')).statusCode).toBe(401);
    const chief = await login('chief@hostel.test', 'chief-own-pass');
    expect(chief.json().user).toMatchObject({ role: 'admin', emailVerified: true });
  });
});

/** The popup sign-in, driven over HTTP: our start, the provider's own login and consent forms, our callback. */
async function signInWithProvider(login: string) {
  const start = await product.call('GET', '/api/auth/oidc/start');
  expect(start.statusCode).toBe(302);
  const flowCookie = start.cookies.find((cookie) => cookie.name === 'oidc_flow');
  const jar = new Map<string, string>();
  let url = start.headers.location!;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(`${APP_ORIGIN}/api/auth/oidc/callback`)) break;
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } });
    const remember = (answer: Response) => {
      for (const cookie of answer.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const [name = '', value = ''] = pair.split('=');
        jar.set(name, value);
      }
    };
    remember(response);
    if (response.status === 200) {
      // A login form (any login and password) or a consent form: submit it.
      const page = await response.text();
      const action = /action="([^"]+)"/.exec(page)?.[1] ?? '';
      const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1] ?? '';
      const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt });
      response = await fetch(new URL(action, issuer), {
        method: 'POST',
        redirect: 'manual',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      remember(response);
    }
    url = new URL(response.headers.get('location') ?? '', issuer).href;
  }
  const callback = await product.call('GET', url.slice(APP_ORIGIN.length), { headers: { cookie: `oidc_flow=${flowCookie?.value}` } });
  expect(callback.statusCode).toBe(200);
  return { page: callback.body, session: await refresh(refreshCookieOf(callback)) };
}

describe('ADMIN_EMAILS by an OpenID provider', () => {
  it('a listed address the provider does not vouch for (email_verified false) makes a plain user', async () => {
    const { page, session } = await signInWithProvider('unproven');
    expect(page).toContain('"ok":true');
    expect(session.json().user).toMatchObject({ email: 'unproven@oidc.test', role: 'user', emailVerified: false });
  });

  it('a listed address the provider vouches for (email_verified true) makes an admin', async () => {
    const { session } = await signInWithProvider('proven');
    expect(session.json().user).toMatchObject({ email: 'proven@oidc.test', role: 'admin', emailVerified: true });
  });
});
