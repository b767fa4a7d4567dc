import { createLocalJWKSet, createRemoteJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } from 'jose';
import type { JSONWebKeySet, JWK, JWTVerifyGetKey } from 'jose';
import type { AccessClaims } from '@hostel/contracts';

/** Verifies an access token; undefined for anything not valid now. Never throws. */
export type AccessTokenVerifier = (token: string) => Promise<AccessClaims | undefined>;

const ISSUER = 'hostel-meals';
const AUDIENCE = 'hostel-meals';
const ALG = 'ES256';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** The issuer's signing key as a private JWK (with `kid`); persisted by whoever owns it. */
export type SigningJwk = JWK & { kid: string };

export async function generateSigningJwk(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg: ALG, use: 'sig', kid: crypto.randomUUID() };
}

export function publicJwks(signing: SigningJwk): JSONWebKeySet {
  const { d: _private, ...publicPart } = signing;
  return { keys: [publicPart] };
}

export async function createAccessTokenSigner(signing: SigningJwk) {
  const key = await importJWK(signing, ALG);
  return (claims: AccessClaims): Promise<string> =>
    new SignJWT({ email: claims.email, name: claims.name, role: claims.role })
      .setProtectedHeader({ alg: ALG, kid: signing.kid })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key);
}

/** A verifier from a key set in hand (embedded) or the issuer's JWKS URL (distributed services). */
export function createAccessTokenVerifier(keys: JSONWebKeySet | URL): AccessTokenVerifier {
  const getKey: JWTVerifyGetKey = keys instanceof URL ? createRemoteJWKSet(keys) : createLocalJWKSet(keys);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, getKey, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALG] });
      const { sub, email, name, role } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof name !== 'string') return undefined;
      if (role !== 'user' && role !== 'admin') return undefined;
      return { sub, email, name, role };
    } catch {
      return undefined;
    }
  };
}
