import type { Kysely } from 'kysely';
import type { EventStore } from '@hostel/eventstore';
import type { Config } from '@hostel/platform/config';
import { firebaseVerifier, withFirebase } from '@hostel/platform/firebase';
import type { EndedSessions } from '@hostel/platform/sessions';
import { createAccessTokenVerifier, publicJwks } from '@hostel/platform/tokens';
import type { AccessTokenVerifier, SigningJwk } from '@hostel/platform/tokens';
import type { CommandTables } from '../migrations';
import { createRefreshSessions } from './refresh-sessions';

/**
 * The bearer tokens a service with the signing key takes: our own access tokens and, with
 * FIREBASE_PROJECT_ID, Firebase ID tokens (the spec's client sends those), linked to the account of
 * their verified email; a mailbox proven that way ends the account's other sessions, as the popup
 * sign-in's does.
 */
export function bearerTokenVerifier(deps: {
  config: Config;
  store: EventStore;
  db: Kysely<CommandTables>;
  signingKey: SigningJwk;
  endedSessions: EndedSessions;
}): AccessTokenVerifier {
  const own = createAccessTokenVerifier(publicJwks(deps.signingKey), deps.endedSessions);
  const projectId = deps.config.FIREBASE_PROJECT_ID;
  if (!projectId) return own;
  const sessions = createRefreshSessions(deps.db, deps.endedSessions);
  const firebase = firebaseVerifier({
    projectId,
    ...(deps.config.FIREBASE_JWKS_URL ? { jwksUrl: deps.config.FIREBASE_JWKS_URL } : {}),
    store: deps.store,
    adminEmails: deps.config.ADMIN_EMAILS,
    endSessions: sessions.revokeAll,
  });
  return withFirebase(own, firebase, projectId);
}
