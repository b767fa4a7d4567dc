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
import type { KnownDevices } from './known-devices';
import type { SignInLimits } from './sign-in-limits';

export interface IdentityDeps {
  store: EventStore;
  sessions: RefreshSessions;
  signInLimits: SignInLimits;
  /** Browsers each account signed in on: sign-in's limits spare them (sign-in-limits.ts). */
  devices: KnownDevices;
  signAccessToken: SessionDeps['signAccessToken'];
  signingKey: SigningJwk;
  adminEmails: readonly string[];
  /** Origins the app is served from (APP_ORIGIN): the refresh cookie is Secure when one is https. */
  appOrigins: readonly string[];
  /** Where the web app is: mailed links and the popup's answer go there, never to a request's Host. */
  webOrigin: string;
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
