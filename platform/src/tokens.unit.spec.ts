import { importJWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokenSigner, createAccessTokenVerifier, generateSigningJwk, publicJwks } from './tokens';

const claims = { sub: 'u-1', email: 'bea@example.com', name: 'Bea', role: 'user' as const };

describe('access tokens', () => {
  it('verifies a token we issued, with its expiry', async () => {
    const key = await generateSigningJwk();
    const token = await (await createAccessTokenSigner(key))(claims);
    const verified = await createAccessTokenVerifier(publicJwks(key))(token);
    expect(verified).toMatchObject(claims);
    expect(verified!.exp - Date.now() / 1000).toBeGreaterThan(ACCESS_TOKEN_TTL_SECONDS - 5);
  });

  it('refuses a token signed with our key but without an expiry, or issued longer ago than our tokens live', async () => {
    // given tokens signed with the right key, issuer and audience, but minted wrongly
    const key = await generateSigningJwk();
    const privateKey = await importJWK(key, 'ES256');
    const mint = (build: (jwt: SignJWT) => SignJWT) =>
      build(
        new SignJWT({ email: claims.email, name: claims.name, role: claims.role })
          .setProtectedHeader({ alg: 'ES256', kid: key.kid })
          .setSubject(claims.sub)
          .setIssuer('hostel-meals')
          .setAudience('hostel-meals'),
      ).sign(privateKey);
    const forever = await mint((jwt) => jwt.setIssuedAt());
    const longLived = await mint((jwt) => jwt.setIssuedAt(Math.floor(Date.now() / 1000) - 24 * 3600).setExpirationTime('1y'));
    const noIssuedAt = await mint((jwt) => jwt.setExpirationTime('10m'));
    const unknownRole = await new SignJWT({ email: claims.email, name: claims.name, role: 'root' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setSubject(claims.sub)
      .setIssuer('hostel-meals')
      .setAudience('hostel-meals')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);

    // when they are verified, then none is accepted
    const verify = createAccessTokenVerifier(publicJwks(key));
    expect(await Promise.all([forever, longLived, noIssuedAt, unknownRole].map(verify))).toEqual([undefined, undefined, undefined, undefined]);
  });
});
