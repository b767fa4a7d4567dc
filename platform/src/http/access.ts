import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MIN_POSITION_HEADER } from '@hostel/contracts';
import type { AccessClaims, AccessLevel } from '@hostel/contracts';
import type { AccessTokenVerifier } from '../tokens';
import { forbidden, unauthenticated } from '@hostel/domain';

/**
 * Who may call a route (contracts' AccessLevel; contracts' ROUTES lists every route's). Every route must
 * say (deny by default): a route registered without `config.access` makes the service refuse to start.
 */
export type Access = AccessLevel;

/** Methods that change nothing: the only ones an auditor may call. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in caller, from a verified access token; null for a visitor. */
    actor: AccessClaims | null;
  }
}

/** Every route this service registered, with its access level: the authorization matrix walks it. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/**
 * Verifies the bearer token on every request and enforces each route's declared access.
 * Must be registered before the routes (it watches them being added).
 */
export function registerAccessControl(app: FastifyInstance, verify: AccessTokenVerifier): RouteAccess[] {
  const routes: RouteAccess[] = [];
  app.decorateRequest('actor', null);
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.url.startsWith('/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
  });
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (header) {
      const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
      const claims = token ? await verify(token) : undefined;
      if (!claims) throw unauthenticated('Your session has expired. Please sign in again.');
      // The account this token's check just created or linked is read at once: the read waits for it.
      if (claims.position && request.headers[MIN_POSITION_HEADER] === undefined) request.headers[MIN_POSITION_HEADER] = claims.position;
      request.actor = claims;
    }
    const access = request.routeOptions.config?.access;
    if (access === 'user' || access === 'admin' || access === 'audit') {
      if (!request.actor) throw unauthenticated();
      if (access === 'admin' && request.actor.role !== 'admin') throw forbidden('Only admins can do that');
      if (access === 'audit' && request.actor.role !== 'admin' && request.actor.role !== 'auditor')
        throw forbidden('Only admins and auditors can read the audit trail');
      // Auditors read; whatever a route would let a user change, it does not let them.
      if (request.actor.role === 'auditor' && !READS.has(request.method)) throw forbidden('Auditors can read the audit trail but change nothing');
    }
  });
  return routes;
}

/** The caller, for routes declared `user`, `admin` or `audit` (the access hook guarantees one). */
export function actorOf(request: FastifyRequest): AccessClaims {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
