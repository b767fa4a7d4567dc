import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import { handleCommand, loadState, unauthenticated, userDecider, userIdForEmail, userStream } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import type { AccessTokenVerifier, VerifiedAccess } from './tokens';
import { CLOCK_TOLERANCE_SECONDS } from './tokens';

/** Google's keys for Firebase ID tokens, as a JWK set (the same keys as its X.509 list). */
export const FIREBASE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

export const firebaseIssuer = (projectId: string) => `https://securetoken.google.com/${projectId}`;

/** What a valid Firebase ID token says about its holder. */
export interface FirebaseIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
  exp: number;
}

export interface FirebaseOptions {
  projectId: string;
  /** Where the signing keys are (Google's by default; tests serve their own). */
  jwksUrl?: string;
  store: EventStore;
  /** ADMIN_EMAILS: such an address becomes admin once Firebase vouches for it (email_verified). */
  adminEmails: readonly string[];
  /**
   * Ends the account's other sessions when Firebase proves a mailbox nobody had proven (a password set
   * before may be a squatter's), as the popup sign-in does. Without it (a service that keeps no
   * sessions), such an account is not linked here: the holder is asked to sign in where it can be.
   */
  endSessions?: (userId: string) => Promise<void>;
}

/**
 * Checks a Firebase ID token as Firebase says to (RS256 by Google's keys; issuer
 * `https://securetoken.google.com/<project>`, audience the project, a subject, issued and signed in in
 * the past, not expired). Undefined for anything else.
 */
export function firebaseTokenCheck(options: { projectId: string; jwksUrl?: string }): (token: string) => Promise<FirebaseIdentity | undefined> {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl ?? FIREBASE_JWKS_URL));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: firebaseIssuer(options.projectId),
        audience: options.projectId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      const { sub, exp, email, email_verified: verified, name, picture, auth_time: authTime } = payload;
      if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number') return undefined;
      if (typeof authTime !== 'number' || authTime > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) return undefined;
      return {
        uid: sub,
        email: typeof email === 'string' ? email.trim().toLowerCase() : '',
        emailVerified: verified === true,
        name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : 'No name',
        picture: typeof picture === 'string' && /^https:\/\//.test(picture) && picture.length <= 2048 ? picture : '',
        exp,
      };
    } catch {
      return undefined;
    }
  };
}

/**
 * Firebase ID tokens as bearer tokens (the spec's client sends one on every authenticated call): a
 * valid token whose email Firebase has verified is the account of that email, linked to the Firebase
 * user as the popup sign-in links a provider's (created as a student if there is none; an address in
 * ADMIN_EMAILS made admin). A token whose email is not verified is refused with a message saying so:
 * it may be anyone's. Each call reads the account, so a role given since counts at once.
 */
export function firebaseVerifier(options: FirebaseOptions): (token: string) => Promise<VerifiedAccess | undefined> {
  const check = firebaseTokenCheck(options);
  const issuer = firebaseIssuer(options.projectId);
  return async (token) => {
    const identity = await check(token);
    if (!identity) return undefined;
    if (!identity.email) throw unauthenticated('Your Firebase account has no email address: sign in with one that has.');
    if (!identity.emailVerified) throw unauthenticated('Please verify your email address with Firebase first (open the link it mailed you), then try again.');
    const userId = userIdForEmail(identity.email);
    const { state: before } = await loadState(options.store, userStream(userId), userDecider);
    const linked = before.exists && before.identities.some((each) => each.issuer === issuer && each.subject === identity.uid);
    const adminDue = before.exists && before.role !== 'admin' && options.adminEmails.includes(identity.email);
    let account = before;
    let position: string | undefined;
    if (!linked || !before.emailVerified || adminDue) {
      const proves = before.exists && !before.emailVerified;
      if (proves && !options.endSessions)
        throw unauthenticated('Your Firebase sign-in is joined to this account at your first change (such as saving your profile): please try again after it.');
      const result = await handleCommand(
        options.store,
        userStream(userId),
        userDecider,
        {
          type: 'SignInWithProvider',
          userId,
          name: identity.name,
          email: identity.email,
          photo: identity.picture,
          issuer,
          subject: identity.uid,
          emailVerified: true,
          adminEmails: options.adminEmails,
        },
        { actor: userId, correlationId: crypto.randomUUID() },
      );
      account = result.state;
      // What it wrote, or what another call of the same holder wrote first (it decided again on that).
      position = result.position;
      if (proves && result.state.exists && result.state.emailVerified) await options.endSessions!(userId);
    }
    if (!account.exists) return undefined;
    return { sub: account.userId, email: account.email, name: account.name, role: account.role, exp: identity.exp, ...(position ? { position } : {}) };
  };
}

/**
 * Our own access tokens, and Firebase ID tokens (told apart by their issuer) when a project is set.
 * A Firebase token's refusal may carry its reason (a DomainError), which the access hook answers.
 */
export function withFirebase(
  own: AccessTokenVerifier,
  firebase: ((token: string) => Promise<VerifiedAccess | undefined>) | undefined,
  projectId?: string,
): AccessTokenVerifier {
  if (!firebase || !projectId) return own;
  const issuer = firebaseIssuer(projectId);
  return async (token) => {
    let claimedIssuer: unknown;
    try {
      claimedIssuer = decodeJwt(token).iss;
    } catch {
      return undefined;
    }
    return claimedIssuer === issuer ? firebase(token) : own(token);
  };
}
