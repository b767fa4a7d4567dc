import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AccessTokenVerifier } from '../tokens';
import type { RouteAccess } from './access';
import { registerAccessControl } from './access';
import { registerErrorHandler } from './errors';
import type { NotFoundFallback } from './errors';
import { useZod } from './index';

export interface HttpServerOptions {
  logger: Logger;
  verifyAccessToken: AccessTokenVerifier;
  /** Origins allowed by CORS; empty means same-origin only. */
  appOrigins: readonly string[];
  /** Behind a gateway or proxy: trust its X-Forwarded-* headers (client address for throttling). */
  trustProxy?: boolean;
  /** Serves what no route matched, e.g. the web app's deep links. */
  notFoundFallback?: NotFoundFallback;
  /** Stripe mode: the page may load Stripe.js, show its frames (card entry, 3-D Secure) and call its API. */
  allowStripe?: boolean;
}

const STRIPE_SOURCES = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };

/**
 * A Fastify server with what every service answers with: security headers (strict CSP, HSTS,
 * nosniff, frame-ancestors), CORS limited to our origins, small bodies, zod validation, one
 * error handler, deny-by-default access control and the OpenAPI document at /docs.
 */
export async function createHttpServer(options: HttpServerOptions): Promise<{ app: FastifyInstance; routes: RouteAccess[] }> {
  const app: FastifyInstance = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    trustProxy: options.trustProxy ?? false,
  });
  useZod(app);
  registerErrorHandler(app, options.notFoundFallback);
  // The spec's client sends `Content-Type: application/json` on every call, bodiless PATCHes too.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.allowStripe ? STRIPE_SOURCES.script : [])],
        frameSrc: options.allowStripe ? STRIPE_SOURCES.frame : ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...(options.allowStripe ? STRIPE_SOURCES.connect : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Not forced: the embedded default is served over plain http on localhost.
        upgradeInsecureRequests: null,
      },
    },
    // The popup sign-in needs window.opener across the provider's redirects.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(cors, {
    origin: options.appOrigins.length > 0 ? [...options.appOrigins] : false,
    credentials: true,
    exposedHeaders: ['x-total-count', 'x-position-reached'],
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Hostel meals API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  const routes = registerAccessControl(app, options.verifyAccessToken);
  return { app, routes };
}
