import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PopupPage, text } from '@hostel/contracts';
import type { SigningJwk } from '@hostel/platform/tokens';
import type { ProviderSignInDeps } from './flows';
import { contextOf, finishProviderSignIn, startProviderSignIn } from './flows';
import { openFlow, popupAnswerPage, sealFlow } from './oidc';
import type { SessionIssuer } from './sessions';

const FLOW_COOKIE = 'oidc_flow';

export interface OidcDeps extends ProviderSignInDeps {
  issuer: SessionIssuer;
  /** Seals the flow cookie (PKCE verifier, state, nonce) with a secret derived from it. */
  signingKey: SigningJwk;
}

const popup = { 200: PopupPage, 302: PopupPage };

/**
 * Popup sign-in with an OpenID Connect provider over HTTP (flows.ts does the work): the flow rides in
 * a sealed cookie from start to callback; the callback page posts the outcome to the app's window
 * (checked for origin there) and closes.
 */
export const oidcRoutes: FastifyPluginAsync<OidcDeps> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { webOrigin } = deps;
  const flowSecret = createHash('sha256')
    .update(`oidc-flow:${deps.signingKey.d ?? deps.signingKey.kid}`)
    .digest('base64url');

  function popupAnswer(reply: FastifyReply, result: { ok: true } | { ok: false; message: string }) {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(popupAnswerPage(webOrigin, result, nonce));
  }

  routes.get('/api/auth/oidc/start', { config: { access: 'public' }, schema: { response: popup } }, async (request, reply) => {
    const started = await startProviderSignIn(deps, contextOf(request));
    if (!started.ok) return popupAnswer(reply, started);
    reply.setCookie(FLOW_COOKIE, sealFlow(started.flow, flowSecret), {
      httpOnly: true,
      sameSite: 'lax', // the provider's redirect back is a top-level cross-site navigation
      secure: deps.issuer.secure(request),
      path: '/api/auth/oidc',
      maxAge: 600,
    });
    return reply.redirect(started.url.href);
  });

  routes.get(
    '/api/auth/oidc/callback',
    { config: { access: 'public' }, schema: { querystring: z.object({}).catchall(text('Query parameter').max(4096)), response: popup } },
    async (request, reply) => {
      const flow = openFlow(request.cookies[FLOW_COOKIE], flowSecret);
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/oidc' });
      const signedIn = await finishProviderSignIn(deps, { url: request.url, flow }, contextOf(request));
      if (!signedIn.ok) return popupAnswer(reply, signedIn);
      await deps.issuer.open(request, reply, signedIn.userId);
      return popupAnswer(reply, { ok: true });
    },
  );
};
