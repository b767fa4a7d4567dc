import type { FastifyRequest } from 'fastify';

/**
 * Whether cookies get `Secure`: the request came over TLS (as told by a trusted proxy, TRUST_PROXY),
 * or the app is served over https (behind a TLS-terminating proxy the hop to us is plain http).
 */
export const secureCookiesFor = (appOrigins: readonly string[]) => (request: FastifyRequest) =>
  request.protocol === 'https' || appOrigins.some((appOrigin) => appOrigin.startsWith('https://'));
