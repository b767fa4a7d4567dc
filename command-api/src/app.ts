import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { EventStore } from '@hostel/eventstore';
import { MAX_UPLOAD_BYTES } from '@hostel/contracts';
import type { Config } from '@hostel/platform/config';
import type { EndedSessions } from '@hostel/platform/sessions';
import type { PositionWaiter, ReadModelTables } from '@hostel/read-models';
import { createAccessTokenSigner } from '@hostel/platform/tokens';
import type { SigningJwk } from '@hostel/platform/tokens';
import { identityRoutes } from './identity/routes';
import { mailerFromConfig } from './identity/mailer';
import type { SendMail } from './identity/mailer';
import { oidcProvider } from './identity/oidc';
import { createRefreshSessions } from './identity/refresh-sessions';
import { knownDevices } from './identity/known-devices';
import { createSignInLimits } from './identity/sign-in-limits';
import { createBackoffs } from './limits/backoff';
import { DEFAULT_RATE_LIMITS, limitCommandRoutes, NO_RATE_LIMITS, registerRateLimiting } from './limits/rate-limits';
import type { RateLimits } from './limits/rate-limits';
import { mealRoutes } from './meals/routes';
import { mediaRoutes } from './media/routes';
import { newsletterRoutes } from './newsletter/routes';
import { paymentRoutes } from './payments/routes';
import { answerOnceReadable } from './readable-answers';
import { mealRequestRoutes } from './requests/routes';
import { reviewRoutes } from './reviews/routes';
import { upcomingRoutes } from './upcoming/routes';
import type { CommandTables } from './migrations';
import { userRoutes } from './users/routes';

export interface CommandApiDeps {
  store: EventStore;
  db: Kysely<CommandTables>;
  /** The read models (the same database): a count-only meal PATCH answers the catalogue's counts. */
  reads: Kysely<ReadModelTables>;
  config: Config;
  /**
   * Where the web app is: mailed links and the sign-in popup's answer point there, never at a request's
   * Host (which any client may set). The first APP_ORIGIN; embedded without it, the URL `npm start` prints.
   */
  webOrigin: string;
  signingKey: SigningJwk;
  /** Sessions that ended (sign-out): the access tokens checked here refuse them; sign-out and the like end them. */
  endedSessions: EndedSessions;
  /** Rate-limit counters shared by every instance (REDIS_URL); in memory without it. */
  redis?: Redis;
  /** Limits other than the defaults (tests); RATE_LIMITS=off raises them all. */
  limits?: Partial<RateLimits>;
  /** Prefix of the rate-limit keys in Redis (tests give each product its own). */
  limitsNamespace?: string;
  /** Where verification and reset links go; by default SMTP when SMTP_URL is set, else standard output. */
  sendMail?: SendMail;
  /** The read models' checkpoints: a command answers once its events are readable (bounded). Absent: at once. */
  waiter?: PositionWaiter;
  /** How long that answer may wait (default COMMAND_READABLE_WAIT_MS); 0 answers at once. */
  readableWaitMs?: number;
}

/**
 * The write side as a Fastify plugin: every route decides a command and appends events (or, for
 * identity sessions and images, writes its own table). Mounted by its own server or the embedded one.
 */
export async function commandApi(app: FastifyInstance, deps: CommandApiDeps): Promise<void> {
  const { config } = deps;
  if (deps.waiter && deps.readableWaitMs !== 0) answerOnceReadable(app, deps.waiter, deps.readableWaitMs);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  const limits: RateLimits = config.RATE_LIMITS === 'off' ? NO_RATE_LIMITS : { ...DEFAULT_RATE_LIMITS, ...deps.limits };
  const limiter = await registerRateLimiting(app, {
    limits,
    ...(deps.redis ? { redis: deps.redis } : {}),
    ...(deps.limitsNamespace ? { namespace: deps.limitsNamespace } : {}),
  });
  // Before any route: it limits the routes registered after it.
  limitCommandRoutes(app, limiter);
  const oidc =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? oidcProvider({ issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET })
      : undefined;
  const sendMail = deps.sendMail ?? mailerFromConfig(config);
  const devices = knownDevices(deps.signingKey);
  // Each capability is an encapsulated plugin; access control and the limits above see every route.
  await app.register(identityRoutes, {
    store: deps.store,
    sessions: createRefreshSessions(deps.db, deps.endedSessions),
    signInLimits: createSignInLimits({
      limiter,
      backoffs: createBackoffs({ ...(deps.redis ? { redis: deps.redis } : {}), ...(deps.limitsNamespace ? { namespace: deps.limitsNamespace } : {}) }),
      limits,
      devices,
    }),
    devices,
    signAccessToken: await createAccessTokenSigner(deps.signingKey),
    signingKey: deps.signingKey,
    adminEmails: config.ADMIN_EMAILS,
    appOrigins: config.APP_ORIGIN,
    webOrigin: deps.webOrigin,
    ...(oidc ? { oidc } : {}),
    sendMail,
  });
  await app.register(userRoutes, deps);
  const quota = ({ max, windowMs }: { max: number; windowMs: number }) => ({ maxBytes: max, windowMs });
  await app.register(mediaRoutes, {
    db: deps.db,
    store: deps.store,
    uploadQuota: { perUser: quota(limits.uploadBytesPerUser), perAddress: quota(limits.uploadBytesPerAddress) },
  });
  // Our uploads, as answered (absolute, from the public origin), or https URLs of the listed image hosts.
  const imageSources = { publicOrigins: [...new Set([deps.webOrigin, ...config.APP_ORIGIN])], hosts: config.IMAGE_URL_HOSTS };
  await app.register(mealRoutes, { ...deps, imageSources });
  await app.register(reviewRoutes, deps);
  await app.register(paymentRoutes, deps);
  await app.register(upcomingRoutes, { ...deps, imageSources });
  await app.register(mealRequestRoutes, deps);
  await app.register(newsletterRoutes, { store: deps.store, webOrigin: deps.webOrigin, sendMail });
}
