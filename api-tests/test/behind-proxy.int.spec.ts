import { afterEach, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Behind the gateway (TRUST_PROXY): the client's address and scheme come from the gateway's
 * X-Forwarded-* headers, never from what a client wrote in them; the refresh cookie is Secure when
 * the app is reached over https. (`inject` comes from 127.0.0.1: the gateway here.)
 */
let product: Awaited<ReturnType<typeof startProduct>> | undefined;
afterEach(async () => {
  await product?.stop();
  product = undefined;
});

const register = (email: string, headers: Record<string, string>) =>
  product!.call('POST', '/api/auth/register', { body: { name: 'Proxied', email, password: 'secret-pass-1' }, headers });
const isSecure = (response: Awaited<ReturnType<typeof register>>) => response.cookies.find((cookie) => cookie.name === 'refresh_token')?.secure === true;

describe('behind a trusted gateway', () => {
  it('sets the refresh cookie Secure when the gateway says the request came over https, and not when a client says so to a server that trusts no proxy', async () => {
    product = await startProduct({ TRUST_PROXY: '1' });
    expect(isSecure(await register('tls@example.com', { 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(isSecure(await register('plain@example.com', {}))).toBe(false);
    await product.stop();

    product = await startProduct();
    expect(isSecure(await register('forged@example.com', { 'x-forwarded-proto': 'https' }))).toBe(false);
  });

  it('sets it Secure whenever the app is served over https (APP_ORIGIN), whatever the hop to us', async () => {
    product = await startProduct({ APP_ORIGIN: 'https://meals.example.edu' });
    expect(isSecure(await register('origin@example.com', {}))).toBe(true);
  });

  it('counts failed sign-ins by the address the gateway saw: a client varying X-Forwarded-For does not get past the limit', async () => {
    product = await startProduct({ TRUST_PROXY: '1' }, { limits: { signInFailuresPerAddress: { max: 3, windowMs: 60_000 } } });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      // The client wrote a different address each time; the gateway appended the one it saw.
      const response = await product.call('POST', '/api/auth/login', {
        body: { email: `nobody-${index}@example.com`, password: 'wrong-pass-1' },
        headers: { 'x-forwarded-for': `198.51.100.${index}, 203.0.113.7` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
