import type { FastifyPluginAsync } from 'fastify';
import type { EventStore } from '@hostel/eventstore';
import type { SigningJwk } from '@hostel/platform/tokens';
import type { SendMail } from './mailer';
import type { OidcProvider } from './oidc';
import { oidcRoutes } from './oidc-routes';
import { passwordRoutes } from './password-routes';
import type { RefreshSessions } from './refresh-sessions';
import type { SessionDeps } from './sessions';
import { sessionIssuer, sessionRoutes } from './sessions';
import type { SignInLimits } from './sign-in-limits';

export interface IdentityDeps {
  store: EventStore;
  sessions: RefreshSessions;
  signInLimits: SignInLimits;
  signAccessToken: SessionDeps['signAccessToken'];
  signingKey: SigningJwk;
  adminEmails: readonly string[];
  /** Origins the app is served from; the popup answers only the first. Falls back to the request's own. */
  appOrigins: readonly string[];
  oidc?: OidcProvider;
  /** Where verification and password-reset links are mailed. */
  sendMail: SendMail;
}

/** Identity, in three rooms: password accounts (and their mailed links), sessions, and popup sign-in. */
export const identityRoutes: FastifyPluginAsync<IdentityDeps> = async (app, deps) => {
  const issuer = sessionIssuer(deps);
  await app.register(sessionRoutes, { ...deps, issuer, oidcEnabled: Boolean(deps.oidc) });
  await app.register(passwordRoutes, { ...deps, issuer });
  await app.register(oidcRoutes, { ...deps, issuer });
};
