import type { FastifyRequest } from 'fastify';

/**
 * Where the web app is, for links in mail and the popup's answer: the first APP_ORIGIN, else the
 * request's own origin (the embedded default serves both from one port).
 */
export const webOriginOf = (appOrigins: readonly string[]) => (request: FastifyRequest) => appOrigins[0] ?? `${request.protocol}://${request.host}`;

/**
 * Whether cookies get `Secure`: the request came over TLS (as told by a trusted proxy, TRUST_PROXY),
 * or the app is served over https (behind a TLS-terminating proxy the hop to us is plain http).
 */
export const secureCookiesFor = (appOrigins: readonly string[]) => (request: FastifyRequest) =>
  request.protocol === 'https' || appOrigins.some((appOrigin) => appOrigin.startsWith('https://'));
