import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorAnswer, HealthAnswer, MIN_POSITION_HEADER, ReadinessAnswer, UnreadyAnswer } from '@hostel/contracts';
import type { Logger } from 'pino';
import type { Health } from '../infrastructure';
import type { Metrics } from '../metrics';
import { startRequestSpan } from '../tracing';
import type { AccessTokenVerifier } from '../tokens';
import type { RouteAccess } from './access';
import { registerAccessControl } from './access';
import { registerErrorHandler } from './errors';
import type { NotFoundFallback } from './errors';
import proxyAddr from '@fastify/proxy-addr';

export interface HttpServerOptions {
  logger: Logger;
  verifyAccessToken: AccessTokenVerifier;
  /** Origins of our own web app (APP_ORIGIN): CORS with credentials (the refresh cookie). */
  appOrigins: readonly string[];
  /** Other clients' origins (CORS_ORIGINS): CORS for every method, with bearer tokens and no cookies. */
  corsOrigins?: readonly string[];
  /**
   * The proxies whose X-Forwarded-* headers are believed (TRUST_PROXY): a hop count or their
   * addresses. Default none: the peer is the client.
   */
  trustProxy?: number | string[] | undefined;
  /** Serves what no route matched, e.g. the web app's deep links. */
  notFoundFallback?: NotFoundFallback;
  /**
   * Origins besides our own the pages may show pictures from: the public origin pictures are answered
   * from (it may differ from the address a page was opened at) and the image hosts of IMAGE_URL_HOSTS.
   */
  imageOrigins?: readonly string[];
  /** Stripe mode: the page may load Stripe.js, show its frames (card entry, 3-D Secure) and call its API. */
  allowStripe?: boolean;
  /** Whether the service is ready: `GET /health` answers 200 then, 503 before (default: always ready). */
  ready?: () => boolean;
  /** `GET /health/ready` asks it (with `ready`); `GET /health/live` answers while the process does. */
  health?: () => Promise<Health>;
  /** `GET /metrics` in Prometheus' format, and each request timed into it. */
  metrics?: Metrics;
}

const trustHops = (count: number) => (_address: string, hop: number) => hop < count;

/**
 * The client's address for a request the HTTP server did not route (the live server's handshake),
 * believing the proxies TRUST_PROXY names exactly as the server's `request.ip` does.
 */
export function clientAddressOf(trustProxy: number | string[] | undefined): (request: IncomingMessage) => string {
  if (trustProxy === undefined) return (request) => request.socket.remoteAddress ?? '';
  const trust = typeof trustProxy === 'number' ? trustHops(trustProxy) : proxyAddr.compile(trustProxy);
  return (request) => proxyAddr(request, trust);
}

/**
 * Query parameters whose values grant something to whoever holds them (an audit export's signed
 * link, an OAuth authorization code or state, a token): a log line keeps their names, never their
 * values, so reading the logs does not hand over a download or a sign-in.
 */
const GRANTING_PARAMETERS = new Set(['link', 'code', 'state', 'token', 'access_token', 'id_token']);
export function withoutGrants(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const fragment = url.indexOf('#', query);
  const end = fragment === -1 ? url.length : fragment;
  // Each parameter's name as the query parser reads it (%6Cink is link), so no spelling slips through.
  const name = (part: string) => {
    const raw = part.split('=')[0]!.replace(/\+/g, ' ');
    try {
      return decodeURIComponent(raw).toLowerCase();
    } catch {
      return raw.toLowerCase();
    }
  };
  const parameters = url
    .slice(query + 1, end)
    .split('&')
    .map((part) => (GRANTING_PARAMETERS.has(name(part)) ? `${part.split('=')[0]}=[redacted]` : part));
  return `${url.slice(0, query + 1)}${parameters.join('&')}${url.slice(end)}`;
}

/** Fastify's own request serialiser (fastify/lib/logger-pino.js), with the URL's granting values taken out. */
const requestForTheLog = (request: FastifyRequest) => ({
  method: request.method,
  url: withoutGrants(request.url),
  version: request.headers['accept-version'],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * A Fastify server with what every service answers with: security headers (strict CSP, HSTS,
 * nosniff, frame-ancestors), CORS limited to our origins, small bodies, zod validation, one
 * error handler, deny-by-default access control and the OpenAPI document at /docs.
 */
export async function createHttpServer(options: HttpServerOptions): Promise<{ app: FastifyInstance; routes: RouteAccess[] }> {
  const app: FastifyInstance = Fastify({
    loggerInstance: options.logger.child({}, { serializers: { req: requestForTheLog } }) as FastifyBaseLogger,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    // The request id is the correlation id of the events a command writes: one name in every log line.
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    // A hop count trusts that many proxies nearest to us, whatever their addresses.
    trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : (options.trustProxy ?? false),
    // While stopping, requests are answered by the hook below, in our words.
    return503OnClosing: false,
  });
  // Zod schemas validate requests and serialise answers.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, options.notFoundFallback);
  // The spec's client sends `Content-Type: application/json` on every call, bodiless PATCHes too.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  // Text answers (JSON, /docs, a file the web build left uncompressed) in brotli or gzip as the client
  // accepts, from 1 KB on. First, so @fastify/static's files (the web app's, /docs') pass its hook: a
  // file sent precompressed already carries its Content-Encoding and is left alone. Request bodies are
  // never inflated: a few KB of gzip could otherwise unfold far past bodyLimit.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.allowStripe ? STRIPE_SOURCES.script : [])],
        frameSrc: options.allowStripe ? STRIPE_SOURCES.frame : ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Our origins and the image hosts an operator listed, nothing else: a page cannot be made to
        // load (or leak data to) an image anywhere else.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...new Set([...options.appOrigins, ...(options.imageOrigins ?? [])]),
          ...(options.allowStripe ? STRIPE_SOURCES.img : []),
        ],
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
  const appOrigins = new Set(options.appOrigins);
  const corsOrigins = new Set([...appOrigins, ...(options.corsOrigins ?? [])]);
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const allowed = origin !== undefined && corsOrigins.has(origin);
      callback(null, {
        origin: allowed ? origin : false,
        // Every verb of the spec's API (like, serve, publish, edit and delete are PATCH, PUT, DELETE).
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['authorization', 'content-type', MIN_POSITION_HEADER, 'idempotency-key'],
        exposedHeaders: ['x-total-count', 'x-position-reached', 'x-position'],
        // Only our own app shares the refresh cookie; other clients send their bearer token.
        credentials: allowed && appOrigins.has(origin),
        maxAge: 600,
      });
    },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Hostel meals API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  // Closing waits for the requests in flight; each of their answers then ends its connection, or a
  // client's idle keep-alive connection would hold the server open long after (keepAliveTimeout).
  // A request that arrives meanwhile is answered 503 with a message. The listener stays open until no
  // connection has come for a moment: closing it drops the kernel's accept queue, and connections
  // already taken there (a burst the app had not read yet when Ctrl+C came) would be reset unanswered.
  let closing = false;
  let lastConnection = 0;
  app.server.on('connection', () => (lastConnection = Date.now()));
  app.addHook('preClose', async () => {
    closing = true;
    if (app.server.listening) await untilQuiet(() => lastConnection);
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) return reply.code(503).header('retry-after', STOPPING.retryAfter).send({ message: STOPPING.message });
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    reply.header('x-correlation-id', request.id);
  });
  // A span per request (a no-op unless tracing was started: OTEL_EXPORTER_OTLP_ENDPOINT).
  const spans = new WeakMap<object, { end(status: number): void }>();
  app.addHook('onRequest', async (request) => {
    spans.set(request, startRequestSpan(request.method, request.routeOptions.url ?? 'unmatched', request.id));
  });
  app.addHook('onResponse', async (request, reply) => {
    spans.get(request)?.end(reply.statusCode);
  });
  const { metrics } = options;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpSeconds.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }
  const routes = registerAccessControl(app, options.verifyAccessToken);
  const ready = options.ready ?? (() => true);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/health', { config: { access: 'public' }, schema: { response: { 200: HealthAnswer, 503: ErrorAnswer } } }, async (_request, reply) =>
      ready() ? { status: 'ok' as const } : reply.code(503).send({ message: 'Starting: the read models are catching up' }),
    );
  // Liveness says only that the process answers (a restart would help nothing else); readiness that
  // its dependencies do, so a balancer sends it requests.
  const probes = app.withTypeProvider<ZodTypeProvider>();
  probes.get('/health/live', { config: { access: 'public' }, schema: { response: { 200: HealthAnswer } } }, async () => ({ status: 'ok' as const }));
  probes.get('/health/ready', { config: { access: 'public' }, schema: { response: { 200: ReadinessAnswer, 503: UnreadyAnswer } } }, async (_request, reply) => {
    const health = (await options.health?.()) ?? { ready: true, checks: {} };
    const unreachable = Object.entries(health.checks).find(([name, state]) => state !== 'ok' && name !== 'redis');
    if (health.ready && ready()) return { status: 'ok' as const, checks: health.checks };
    const message = unreachable ? `${unreachable[0]} is unreachable` : 'Starting: the read models are catching up';
    return reply.code(503).send({ message, checks: health.checks });
  });
  if (metrics) {
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
    );
  }
  return { app, routes };
}

/** What a request arriving while the server stops is answered (503): the live server's refusals say the same. */
export const STOPPING = { retryAfter: '5', message: 'The server is stopping. Please try again in a moment.' } as const;

/** How long no connection must arrive before a stopping server closes its listener, and the most it waits for that. */
const QUIET_MS = 100;
const QUIET_AT_MOST_MS = 2_000;

/** Resolves once `last()` (a connection's arrival time) is QUIET_MS old, or QUIET_AT_MOST_MS after it was called. */
async function untilQuiet(last: () => number): Promise<void> {
  const deadline = Date.now() + QUIET_AT_MOST_MS;
  do await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  while (Date.now() - last() < QUIET_MS && Date.now() < deadline);
}
