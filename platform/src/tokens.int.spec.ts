import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenSigner, createAccessTokenVerifier, generateSigningJwk, publicJwks } from './tokens';

/** A command-api instance as far as the keys go: its /api/auth/jwks, and a stop like a SIGKILL's. */
async function jwksServer(keys: object) {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/jwks`),
    stop: () => new Promise<void>((resolve) => server.closeAllConnections() ?? server.close(() => resolve())),
  };
}

let key: Awaited<ReturnType<typeof generateSigningJwk>>;
let sign: Awaited<ReturnType<typeof createAccessTokenSigner>>;
let down: URL;
beforeAll(async () => {
  key = await generateSigningJwk();
  sign = await createAccessTokenSigner(key);
  // An instance that is gone: its port answers nothing.
  const gone = await jwksServer(publicJwks(key));
  down = gone.url;
  await gone.stop();
});

describe('the public keys from several command-api instances (JWT_JWKS_URL)', () => {
  const claims = { sub: 'u-1', email: 'bea@example.com', name: 'Bea', role: 'user' as const };

  it('checks a token with the keys of the first instance that answers', async () => {
    const up = await jwksServer(publicJwks(key));
    afterAll(up.stop);
    expect(await createAccessTokenVerifier([down, up.url])(await sign(claims))).toMatchObject(claims);
  });

  it('refuses every token when no instance answers', async () => {
    expect(await createAccessTokenVerifier([down])(await sign(claims))).toBeUndefined();
  });
});
