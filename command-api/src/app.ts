import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { EventStore } from '@hostel/eventstore';
import { MAX_UPLOAD_BYTES } from '@hostel/contracts';
import type { Config } from '@hostel/platform/config';
import { createAccessTokenSigner } from '@hostel/platform/tokens';
import type { SigningJwk } from '@hostel/platform/tokens';
import { identityRoutes } from './identity/routes';
import type { LoginThrottle } from './identity/login-throttle';
import { oidcProvider } from './identity/oidc';
import { createRefreshSessions } from './identity/refresh-sessions';
import { mealRoutes } from './meals/routes';
import { mediaRoutes } from './media/routes';
import { paymentRoutes } from './payments/routes';
import { mealRequestRoutes } from './requests/routes';
import { reviewRoutes } from './reviews/routes';
import { upcomingRoutes } from './upcoming/routes';
import type { CommandTables } from './migrations';
import { userRoutes } from './users/routes';

export interface CommandApiDeps {
  store: EventStore;
  db: Kysely<CommandTables>;
  config: Config;
  signingKey: SigningJwk;
  throttle: LoginThrottle;
}

/**
 * The write side as a Fastify plugin: every route decides a command and appends events (or, for
 * identity sessions and images, writes its own table). Mounted by its own server or the embedded one.
 */
export async function commandApi(app: FastifyInstance, deps: CommandApiDeps): Promise<void> {
  const { config } = deps;
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  const oidc =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? oidcProvider({ issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET })
      : undefined;
  identityRoutes(app, {
    store: deps.store,
    sessions: createRefreshSessions(deps.db),
    throttle: deps.throttle,
    signAccessToken: await createAccessTokenSigner(deps.signingKey),
    signingKey: deps.signingKey,
    adminEmails: config.ADMIN_EMAILS,
    appOrigins: (config.APP_ORIGIN ?? '').split(',').map((origin: string) => origin.trim()).filter(Boolean),
    ...(oidc ? { oidc } : {}),
  });
  userRoutes(app, deps);
  mediaRoutes(app, deps);
  mealRoutes(app, deps);
  reviewRoutes(app, deps);
  paymentRoutes(app, deps);
  upcomingRoutes(app, deps);
  mealRequestRoutes(app, deps);
}
