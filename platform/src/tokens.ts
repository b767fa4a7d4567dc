import { createLocalJWKSet, createRemoteJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } from 'jose';
import type { JSONWebKeySet, JWK, JWTVerifyGetKey } from 'jose';
import { ROLES } from '@hostel/contracts';
import type { AccessClaims } from '@hostel/contracts';

/**
 * What a valid access token says, with its expiry (`exp`, seconds since the epoch), and the log
 * position of what checking it wrote, if anything (a Firebase user's account created or linked).
 */
export type VerifiedAccess = AccessClaims & { exp: number; position?: string };

/** Which sessions have ended (sessions.ts): their tokens are refused before they expire. */
export interface SessionCheck {
  isEnded(sessionId: string): boolean;
}

/**
 * Verifies an access token; undefined for anything not valid now. Throws only a DomainError that says
 * why a token is refused when the person can do something about it (a Firebase email not yet verified).
 */
export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccess | undefined>;

const ISSUER = 'hostel-meals';
const AUDIENCE = 'hostel-meals';
const ALG = 'ES256';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Clocks of the services may differ this much. */
export const CLOCK_TOLERANCE_SECONDS = 30;
const isRole = (role: unknown): role is AccessClaims['role'] => (ROLES as readonly unknown[]).includes(role);

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
    new SignJWT({ email: claims.email, name: claims.name, role: claims.role, ...(claims.sid ? { sid: claims.sid } : {}) })
      .setProtectedHeader({ alg: ALG, kid: signing.kid })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key);
}

/**
 * A verifier from a key set in hand (embedded) or the issuer's JWKS URLs (distributed services: every
 * command-api instance serves the same keys; each URL is asked in turn until one answers, and each
 * remote set keeps the keys it fetched). With `sessions`, a token of a session that has ended
 * (signed out) is refused at once.
 */
export function createAccessTokenVerifier(keys: JSONWebKeySet | readonly URL[], sessions?: SessionCheck): AccessTokenVerifier {
  const getKey: JWTVerifyGetKey = Array.isArray(keys) ? firstAnswering(keys.map((url) => createRemoteJWKSet(url))) : createLocalJWKSet(keys as JSONWebKeySet);
  return async (token) => {
    try {
      // A token without an expiry, or issued longer ago than our tokens live, is refused even when
      // signed by our key (a token minted by mistake must not be valid forever).
      const { payload } = await jwtVerify(token, getKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: [ALG],
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: ACCESS_TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      const { sub, email, name, role, exp, sid } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof name !== 'string' || typeof exp !== 'number') return undefined;
      if (!isRole(role)) return undefined;
      if (sid !== undefined && (typeof sid !== 'string' || sessions?.isEnded(sid))) return undefined;
      return { sub, email, name, role, exp, ...(sid ? { sid } : {}) };
    } catch {
      return undefined;
    }
  };
}

/** The key from the first remote set that answers; the last one's refusal when none does. */
function firstAnswering(sets: readonly JWTVerifyGetKey[]): JWTVerifyGetKey {
  return async (header, token) => {
    let refusal: unknown = new Error('no JWKS URL given');
    for (const set of sets) {
      try {
        return await set(header, token);
      } catch (error) {
        refusal = error;
      }
    }
    throw refusal;
  };
}
