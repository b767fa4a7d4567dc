import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthAnswer, AuthConfigAnswer, JwksAnswer, NoContent, SESSION_MARKER_COOKIE } from '@hostel/contracts';
import { unauthenticated } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import { publicJwks } from '@hostel/platform/tokens';
import type { SigningJwk } from '@hostel/platform/tokens';
import { toUserDto } from '../users/user-dto';
import type { ExistingUser } from '../users/user-dto';
import { refreshSession, signOut } from './flows';
import type { KnownDevices } from './known-devices';
import type { RefreshSessions } from './refresh-sessions';
import { REFRESH_TTL_MS } from './refresh-sessions';
import { secureCookiesFor } from './web-origin';

const REFRESH_COOKIE = 'refresh_token';

export interface SessionDeps {
  store: EventStore;
  sessions: RefreshSessions;
  signAccessToken: (claims: { sub: string; email: string; name: string; role: ExistingUser['role']; sid: string }) => Promise<string>;
  /** Origins the app is served from (cookies are Secure when one is https). */
  appOrigins: readonly string[];
  /** Each sign-in marks its browser as one the account uses. */
  devices: KnownDevices;
}

/**
 * Sessions: a short-lived access token in the answer, and a refresh token in an httpOnly cookie
 * scoped to /api/auth. Every way in (password, popup) ends here.
 */
export function sessionIssuer(deps: SessionDeps) {
  const secure = secureCookiesFor(deps.appOrigins);
  /** The access token of session `sessionId` (it stops working when the session ends), with the user. */
  const answer = async (user: ExistingUser, sessionId: string, position?: string): Promise<AuthAnswer> => {
    const token = await deps.signAccessToken({ sub: user.userId, email: user.email, name: user.name, role: user.role, sid: sessionId });
    return { token, user: toUserDto(user), position };
  };
  return {
    answer,
    /** Sets the refresh cookie of a new session (a new family, or a rotation within `familyId`). */
    async open(request: FastifyRequest, reply: FastifyReply, userId: string, familyId?: string) {
      setRefreshCookie(reply, (await deps.sessions.issue(userId, familyId)).token, secure(request));
      deps.devices.remember(reply, userId, secure(request));
    },
    /** A session for `user`, answered with its access token. */
    async start(request: FastifyRequest, reply: FastifyReply, user: ExistingUser, position?: string): Promise<AuthAnswer> {
      const session = await deps.sessions.issue(user.userId);
      setRefreshCookie(reply, session.token, secure(request));
      deps.devices.remember(reply, user.userId, secure(request));
      return answer(user, session.sessionId, position);
    },
    secure,
  };
}
export type SessionIssuer = ReturnType<typeof sessionIssuer>;

/** Refresh and sign-out, the keys tokens are checked with, and which ways of signing in are on. */
export const sessionRoutes: FastifyPluginAsync<SessionDeps & { issuer: SessionIssuer; signingKey: SigningJwk; oidcEnabled: boolean }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/auth/refresh', { config: { access: 'public' }, schema: { response: { 200: AuthAnswer } } }, async (request, reply) => {
    const session = await refreshSession(deps, request.cookies[REFRESH_COOKIE] ?? '');
    if (!session) {
      clearRefreshCookie(reply);
      throw unauthenticated('Your session has ended. Please sign in again.');
    }
    setRefreshCookie(reply, session.token, deps.issuer.secure(request));
    return deps.issuer.answer(session.user, session.sessionId);
  });

  routes.post('/api/auth/logout', { config: { access: 'public' }, schema: { response: { 204: NoContent } } }, async (request, reply) => {
    await signOut(deps, request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply);
    return reply.code(204).send(null);
  });

  routes.get('/api/auth/config', { config: { access: 'public' }, schema: { response: { 200: AuthConfigAnswer } } }, async () => ({
    oidc: { enabled: deps.oidcEnabled },
  }));

  routes.get('/api/auth/jwks', { config: { access: 'public' }, schema: { response: { 200: JwksAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicJwks(deps.signingKey) as JwksAnswer;
  });
};

/**
 * The refresh cookie, and beside it the session marker: readable by the page (it says only that a
 * session may be restored) and living as long, so the app skips the refresh call when there is none.
 */
function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/api/auth', maxAge: REFRESH_TTL_MS / 1000 });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { httpOnly: false, sameSite: 'strict', secure, path: '/', maxAge: REFRESH_TTL_MS / 1000 });
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/' });
}
