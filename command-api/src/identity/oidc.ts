import { createHmac, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';

/** The popup sign-in's provider, discovered once from OIDC_ISSUER. */
export interface OidcProvider {
  /** Where to send the popup, with the values the callback must find again. */
  start(redirectUri: string): Promise<{ url: URL; flow: OidcFlow }>;
  /** Exchanges the code (PKCE, state and nonce checked) for the provider's identity claims. */
  finish(callbackUrl: URL, flow: OidcFlow): Promise<OidcIdentity>;
}

export interface OidcFlow {
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
}

/**
 * The provider is discovered on first use and remembered; a failed discovery is tried again on
 * the next sign-in, so a provider that is down when we start does not keep us from starting.
 */
export function oidcProvider(options: { issuer: string; clientId: string; clientSecret: string }): OidcProvider {
  const issuer = new URL(options.issuer);
  // Plain http only for a provider on this machine (development and the test's own provider).
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(issuer, options.clientId, options.clientSecret, undefined, { execute: local ? [client.allowInsecureRequests] : [] })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async start(redirectUri) {
      const config = await configuration();
      const flow: OidcFlow = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce(), redirectUri };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },
    async finish(callbackUrl, flow) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider sent no identity');
      let { email, name, picture, email_verified: emailVerified } = claims as Record<string, unknown>;
      if (typeof email !== 'string' && tokens.access_token) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        ({ email, name, picture, email_verified: emailVerified } = info as Record<string, unknown>);
      }
      if (typeof email !== 'string' || email === '') throw new Error('The provider did not share an email address');
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: email.trim().toLowerCase(),
        emailVerified: emailVerified === true,
        name: typeof name === 'string' && name.trim() ? name.trim() : 'No name',
        picture: typeof picture === 'string' && /^https?:\/\//.test(picture) ? picture : '',
      };
    },
  };
}

/** The flow rides in a short-lived cookie, sealed with an HMAC so the popup cannot be handed another's. */
export function sealFlow(flow: OidcFlow, secret: string): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

export function openFlow(sealed: string | undefined, secret: string): OidcFlow | undefined {
  if (!sealed) return undefined;
  const [payload, mac] = sealed.split('.');
  if (!payload || !mac) return undefined;
  const expected = createHmac('sha256', secret).update(payload).digest('base64url');
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as OidcFlow;
  } catch {
    return undefined;
  }
}

/**
 * The page the popup ends on: it answers its opener by postMessage, aimed at our own origin only
 * (the opener checks the origin too), and closes. It carries no token: the refresh cookie is set,
 * and the opener asks /api/auth/refresh for its access token.
 */
export function popupAnswerPage(targetOrigin: string, answer: { ok: true } | { ok: false; message: string }, nonce: string): string {
  const message = JSON.stringify({ type: 'oidc-result', ...answer }).replaceAll('<', '\\u003c');
  const origin = JSON.stringify(targetOrigin).replaceAll('<', '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head><body>
<p>${answer.ok ? 'Signed in. You can close this window.' : 'Sign-in failed. You can close this window.'}</p>
<script nonce="${nonce}">if (window.opener) { window.opener.postMessage(${message}, ${origin}); } window.close();</script>
</body></html>`;
}
