import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PopupPage, text } from '@hostel/contracts';
import { DomainError, userIdForEmail } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import type { SigningJwk } from '@hostel/platform/tokens';
import { decideForAccount, loadAccount } from './account-commands';
import { openFlow, popupAnswerPage, sealFlow } from './oidc';
import type { OidcProvider } from './oidc';
import type { RefreshSessions } from './refresh-sessions';
import type { SessionIssuer } from './sessions';

const FLOW_COOKIE = 'oidc_flow';

export interface OidcDeps {
  store: EventStore;
  issuer: SessionIssuer;
  sessions: RefreshSessions;
  adminEmails: readonly string[];
  /** Where the web app is (the first APP_ORIGIN): the callback's address and the only window the popup answers. */
  webOrigin: string;
  /** Seals the flow cookie (PKCE verifier, state, nonce) with a secret derived from it. */
  signingKey: SigningJwk;
  /** Absent: popup sign-in is not configured, and both routes say so. */
  oidc?: OidcProvider;
}

const popup = { 200: PopupPage, 302: PopupPage };

/**
 * Popup sign-in with an OpenID Connect provider: authorization code with PKCE, state and nonce; the
 * callback page posts the outcome to the app's window (checked for origin there) and closes.
 */
export const oidcRoutes: FastifyPluginAsync<OidcDeps> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { webOrigin } = deps;
  const flowSecret = createHash('sha256')
    .update(`oidc-flow:${deps.signingKey.d ?? deps.signingKey.kid}`)
    .digest('base64url');

  function popupAnswer(request: FastifyRequest, reply: FastifyReply, result: { ok: true } | { ok: false; message: string }) {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(popupAnswerPage(webOrigin, result, nonce));
  }

  routes.get('/api/auth/oidc/start', { config: { access: 'public' }, schema: { response: popup } }, async (request, reply) => {
    if (!deps.oidc) return popupAnswer(request, reply, { ok: false, message: 'Popup sign-in is not configured' });
    let started;
    try {
      started = await deps.oidc.start(`${webOrigin}/api/auth/oidc/callback`);
    } catch (error) {
      request.log.error({ err: error }, 'identity provider unreachable');
      return popupAnswer(request, reply, { ok: false, message: 'The identity provider cannot be reached. Please try again later.' });
    }
    const { url, flow } = started;
    reply.setCookie(FLOW_COOKIE, sealFlow(flow, flowSecret), {
      httpOnly: true,
      sameSite: 'lax', // the provider's redirect back is a top-level cross-site navigation
      secure: deps.issuer.secure(request),
      path: '/api/auth/oidc',
      maxAge: 600,
    });
    return reply.redirect(url.href);
  });

  routes.get(
    '/api/auth/oidc/callback',
    { config: { access: 'public' }, schema: { querystring: z.object({}).catchall(text('Query parameter').max(4096)), response: popup } },
    async (request, reply) => {
      const flow = openFlow(request.cookies[FLOW_COOKIE], flowSecret);
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/oidc' });
      if (!deps.oidc || !flow) return popupAnswer(request, reply, { ok: false, message: 'The sign-in expired. Please try again.' });
      let identity;
      try {
        identity = await deps.oidc.finish(new URL(request.url, webOrigin), flow);
      } catch (error) {
        request.log.warn({ err: error }, 'popup sign-in refused');
        return popupAnswer(request, reply, { ok: false, message: 'The identity provider did not confirm the sign-in.' });
      }
      const userId = userIdForEmail(identity.email);
      const { state: before } = await loadAccount(deps.store, userId);
      let result;
      try {
        result = await decideForAccount(deps.store, request, {
          type: 'SignInWithProvider',
          userId,
          name: identity.name,
          email: identity.email,
          photo: identity.picture,
          issuer: identity.issuer,
          subject: identity.subject,
          emailVerified: identity.emailVerified,
          adminEmails: deps.adminEmails,
        });
      } catch (error) {
        if (error instanceof DomainError) return popupAnswer(request, reply, { ok: false, message: error.message });
        throw error;
      }
      if (!result.state.exists) throw new Error('Popup sign-in did not create the account');
      // The provider just proved the mailbox of an account nobody had proven: sessions opened before may be a squatter's.
      if (before.exists && !before.emailVerified && result.state.emailVerified) await deps.sessions.revokeAll(userId);
      await deps.issuer.open(request, reply, userId);
      return popupAnswer(request, reply, { ok: true });
    },
  );
};
