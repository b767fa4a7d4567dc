import { randomBytes, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthAnswer, UserDto } from '@hostel/contracts';
import { LoginBody, RegisterBody } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { AppError, unauthenticated } from '@hostel/platform/http';
import { publicJwks } from '@hostel/platform/tokens';
import type { SigningJwk } from '@hostel/platform/tokens';
import { handleCommand, loadState } from '../command-handler';
import type { LoginThrottle } from './login-throttle';
import { popupAnswerPage, openFlow, sealFlow } from './oidc';
import type { OidcProvider } from './oidc';
import { hashPassword, verifyPassword } from './passwords';
import type { RefreshSessions } from './refresh-sessions';
import { REFRESH_TTL_MS } from './refresh-sessions';
import type { UserState } from './user';
import { evolveUser, initialUserState, userIdForEmail, userStream } from './user';
import { userDecider } from './user-decider';

export interface IdentityDeps {
  store: EventStore;
  sessions: RefreshSessions;
  throttle: LoginThrottle;
  signAccessToken: (claims: { sub: string; email: string; name: string; role: 'user' | 'admin' }) => Promise<string>;
  signingKey: SigningJwk;
  adminEmails: readonly string[];
  /** Origins the app is served from; the popup answers only the first. Falls back to the request's own. */
  appOrigins: readonly string[];
  oidc?: OidcProvider;
}

const REFRESH_COOKIE = 'refresh_token';
const FLOW_COOKIE = 'oidc_flow';

export type ExistingUser = Extract<UserState, { exists: true }>;

export function toUserDto(user: ExistingUser): UserDto {
  return { _id: user.userId, name: user.name, email: user.email, photo: user.photo, badge: user.badge, role: user.role };
}

const userDeciderView = { initialState: initialUserState, evolve: evolveUser };

/** Identity: register, sign in (password or popup), refresh and sign out. */
export function identityRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const origin = (request: FastifyRequest) => deps.appOrigins[0] ?? `${request.protocol}://${request.host}`;
  const flowSecret = createHash('sha256').update(`oidc-flow:${deps.signingKey.d ?? deps.signingKey.kid}`).digest('base64url');

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: ExistingUser, position?: string, familyId?: string) {
    const refresh = await deps.sessions.issue(user.userId, familyId);
    setRefreshCookie(request, reply, refresh);
    return answer(user, position);
  }

  async function answer(user: ExistingUser, position?: string): Promise<AuthAnswer> {
    const token = await deps.signAccessToken({ sub: user.userId, email: user.email, name: user.name, role: user.role });
    return { token, user: toUserDto(user), ...(position ? { position } : {}) };
  }

  routes.post('/api/auth/register', { config: { access: 'public' }, schema: { body: RegisterBody } }, async (request, reply) => {
    const { name, email, password, photo } = request.body;
    const userId = userIdForEmail(email);
    const result = await handleCommand(
      deps.store,
      userStream(userId),
      userDecider,
      { type: 'RegisterWithPassword', userId, name, email, photo: photo ?? '', passwordHash: await hashPassword(password), isAdminEmail: deps.adminEmails.includes(email) },
      { actor: userId, correlationId: request.id },
    );
    if (!result.state.exists) throw new Error('Registration did not create the account');
    reply.code(201);
    return startSession(request, reply, result.state, result.position);
  });

  routes.post('/api/auth/login', { config: { access: 'public' }, schema: { body: LoginBody } }, async (request, reply) => {
    const { email, password } = request.body;
    const throttleKey = `${request.ip}|${email}`;
    const waitMs = await deps.throttle.blockedFor(throttleKey);
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      reply.header('retry-after', Math.ceil(waitMs / 1000));
      throw new AppError('rate_limited', `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    const { state } = await loadState(deps.store, userStream(userIdForEmail(email)), userDeciderView);
    const valid = await verifyPassword(state.exists ? state.passwordHash : null, password);
    if (!valid || !state.exists) {
      await deps.throttle.failed(throttleKey);
      throw unauthenticated('Invalid email or password');
    }
    await deps.throttle.succeeded(throttleKey);
    return startSession(request, reply, state);
  });

  routes.post('/api/auth/refresh', { config: { access: 'public' } }, async (request, reply) => {
    const rotated = await deps.sessions.rotate(request.cookies[REFRESH_COOKIE] ?? '');
    const { state } = rotated ? await loadState(deps.store, userStream(rotated.userId), userDeciderView) : { state: initialUserState };
    if (!rotated || !state.exists) {
      clearRefreshCookie(reply);
      throw unauthenticated('Your session has ended. Please sign in again.');
    }
    setRefreshCookie(request, reply, rotated.token);
    return answer(state);
  });

  routes.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await deps.sessions.revoke(token);
    clearRefreshCookie(reply);
    return reply.code(204).send();
  });

  routes.get('/api/auth/config', { config: { access: 'public' } }, async () => ({ oidc: { enabled: Boolean(deps.oidc) } }));
  routes.get('/api/auth/jwks', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicJwks(deps.signingKey);
  });

  routes.get('/api/auth/oidc/start', { config: { access: 'public' } }, async (request, reply) => {
    if (!deps.oidc) return popupAnswer(request, reply, { ok: false, message: 'Popup sign-in is not configured' });
    let started;
    try {
      started = await deps.oidc.start(`${origin(request)}/api/auth/oidc/callback`);
    } catch (error) {
      request.log.error({ err: error }, 'identity provider unreachable');
      return popupAnswer(request, reply, { ok: false, message: 'The identity provider cannot be reached. Please try again later.' });
    }
    const { url, flow } = started;
    reply.setCookie(FLOW_COOKIE, sealFlow(flow, flowSecret), {
      httpOnly: true,
      sameSite: 'lax', // the provider's redirect back is a top-level cross-site navigation
      secure: request.protocol === 'https',
      path: '/api/auth/oidc',
      maxAge: 600,
    });
    return reply.redirect(url.href);
  });

  routes.get(
    '/api/auth/oidc/callback',
    { config: { access: 'public' }, schema: { querystring: z.object({}).catchall(z.string().max(4096)) } },
    async (request, reply) => {
      const flow = openFlow(request.cookies[FLOW_COOKIE], flowSecret);
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/oidc' });
      if (!deps.oidc || !flow) return popupAnswer(request, reply, { ok: false, message: 'The sign-in expired. Please try again.' });
      let identity;
      try {
        identity = await deps.oidc.finish(new URL(request.url, origin(request)), flow);
      } catch (error) {
        request.log.warn({ err: error }, 'popup sign-in refused');
        return popupAnswer(request, reply, { ok: false, message: 'The identity provider did not confirm the sign-in.' });
      }
      const userId = userIdForEmail(identity.email);
      const { state: existing } = await loadState(deps.store, userStream(userId), userDeciderView);
      const linked = existing.exists && existing.identities.some((known) => known.issuer === identity.issuer && known.subject === identity.subject);
      // Joining a provider identity to an existing account needs the provider to vouch for the email.
      if (existing.exists && !linked && !identity.emailVerified) {
        return popupAnswer(request, reply, { ok: false, message: 'This email already has an account. Please sign in with your password.' });
      }
      const result = await handleCommand(
        deps.store,
        userStream(userId),
        userDecider,
        {
          type: 'SignInWithProvider',
          userId,
          name: identity.name,
          email: identity.email,
          photo: identity.picture,
          issuer: identity.issuer,
          subject: identity.subject,
          isAdminEmail: deps.adminEmails.includes(identity.email),
        },
        { actor: userId, correlationId: request.id },
      );
      if (!result.state.exists) throw new Error('Popup sign-in did not create the account');
      setRefreshCookie(request, reply, await deps.sessions.issue(userId));
      return popupAnswer(request, reply, { ok: true });
    },
  );

  function popupAnswer(request: FastifyRequest, reply: FastifyReply, result: { ok: true } | { ok: false; message: string }) {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(popupAnswerPage(origin(request), result, nonce));
  }
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/api/auth',
    maxAge: REFRESH_TTL_MS / 1000,
  });
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
}
