import type { FastifyBaseLogger } from 'fastify';
import { DomainError, invalid, INVALID_LINK, providerUnavailable, unauthenticated, userIdForEmail } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import type { ExistingUser } from '../users/user-dto';
import { decideForAccount, loadAccount } from './account-commands';
import { newMailedLink, openMailedLink, passwordResetMail, RESET_LINK_TTL_MS, VERIFICATION_LINK_TTL_MS, verificationMail } from './mailed-links';
import type { SendMail } from './mailer';
import type { OidcFlow, OidcProvider } from './oidc';
import { hashPassword, verifyPassword } from './passwords';
import type { RefreshSessions } from './refresh-sessions';
import type { SignInAttempt, SignInLimits } from './sign-in-limits';

/**
 * Identity's application services: every way of signing up, in, back in and out, as plain functions
 * the routes call (password-routes.ts, sessions.ts, oidc-routes.ts). They decide on the account's
 * stream, mail its links and keep its refresh sessions; the routes parse, call them, and turn what
 * they answer into cookies and replies. Refusals are thrown as DomainErrors.
 */

/** The request a flow serves: its id (the events' correlation id), and its log. */
export interface FlowContext {
  correlationId: string;
  log: FastifyBaseLogger;
}

export const contextOf = (request: { id: string; log: FastifyBaseLogger }): FlowContext => ({ correlationId: request.id, log: request.log });

/** Work handed over after the answer (failures logged as `what`); the routes' plugin waits for it on close. */
export type Background = (log: FastifyBaseLogger, what: string, work: () => Promise<void>) => void;

export interface AccountFlowDeps {
  store: EventStore;
  sessions: RefreshSessions;
  signInLimits: SignInLimits;
  adminEmails: readonly string[];
  /** Where the web app is (the first APP_ORIGIN): every mailed link points there, never at a request's Host. */
  webOrigin: string;
  /** Where verification and password-reset links are mailed. */
  sendMail: SendMail;
  background: Background;
}

/** An account a flow signed in (or up): the session is for the route to open. */
export interface SignedIn {
  user: ExistingUser;
  /** The position of what the flow wrote, when it wrote something. */
  position?: string;
}

/**
 * A new password account; its verification link is mailed after the answer, so a slow mail server
 * neither delays nor (by timing) gives away anything.
 */
export async function registerAccount(
  deps: AccountFlowDeps,
  account: { name: string; email: string; password: string; photo?: string | undefined },
  context: FlowContext,
): Promise<SignedIn> {
  const userId = userIdForEmail(account.email);
  const { token, link } = newMailedLink(userId, VERIFICATION_LINK_TTL_MS, new Date());
  const result = await decideForAccount(deps.store, context.correlationId, {
    type: 'RegisterWithPassword',
    userId,
    name: account.name,
    email: account.email,
    photo: account.photo ?? '',
    passwordHash: await hashPassword(account.password),
    verificationLink: link,
  });
  if (!result.state.exists) throw new Error('Registration did not create the account');
  const mail = verificationMail(account.email, deps.webOrigin, token);
  deps.background(context.log, 'mail not sent', () => deps.sendMail(mail));
  return { user: result.state, position: result.position };
}

/**
 * Signs in with a password, within sign-in's limits (the attempt already counted by them). An address
 * the operator listed after its owner had proven it gets its role with this sign-in.
 */
export async function signInWithPassword(
  deps: AccountFlowDeps,
  attempt: SignInAttempt,
  credentials: { email: string; password: string },
  context: FlowContext,
): Promise<SignedIn> {
  const { state } = await loadAccount(deps.store, userIdForEmail(credentials.email));
  const valid = await verifyPassword(state.exists ? state.passwordHash : null, credentials.password);
  if (!valid || !state.exists) {
    await deps.signInLimits.failed(attempt, state.exists);
    throw unauthenticated('Invalid email or password');
  }
  await deps.signInLimits.succeeded(attempt);
  if (state.role !== 'admin' && deps.adminEmails.includes(state.email)) {
    const applied = await decideForAccount(deps.store, context.correlationId, {
      type: 'ApplyAdminEmails',
      userId: state.userId,
      adminEmails: deps.adminEmails,
    });
    if (applied.state.exists) return { user: applied.state, position: applied.position };
  }
  return { user: state };
}

/** Proves the mailbox by the link mailed to it; `changed` is false when it was proven already. */
export async function verifyEmail(deps: AccountFlowDeps, linkToken: string, context: FlowContext) {
  const { userId, tokenHash } = openMailedLink(linkToken);
  const result = await decideForAccount(deps.store, context.correlationId, {
    type: 'VerifyEmail',
    userId,
    tokenHash,
    now: new Date().toISOString(),
    adminEmails: deps.adminEmails,
  });
  return { changed: result.changed, position: result.position };
}

/**
 * Mails the account a new verification link, and waits to hear whether the mail left (the user
 * pressed a button). Refused with `rate_limited` when a link went out less than a minute ago.
 */
export async function resendVerification(deps: AccountFlowDeps, userId: string, context: FlowContext) {
  const { token, link } = newMailedLink(userId, VERIFICATION_LINK_TTL_MS, new Date());
  const result = await decideForAccount(deps.store, context.correlationId, { type: 'SendVerificationLink', userId, link });
  if (!result.state.exists) throw new Error('The account disappeared while sending its link');
  try {
    await deps.sendMail(verificationMail(result.state.email, deps.webOrigin, token));
  } catch (error) {
    context.log.error({ err: error }, 'verification mail not sent');
    throw providerUnavailable('We could not send the email just now. Please try again in a minute.');
  }
  return { email: result.state.email, position: result.position };
}

/**
 * Mails a password-reset link after the answer, whether or not the address has an account, so the
 * answer is the same at once either way: nobody learns who is registered here.
 */
export function requestPasswordReset(deps: AccountFlowDeps, email: string, context: FlowContext): void {
  deps.background(context.log, 'password reset link not sent', async () => {
    const userId = userIdForEmail(email);
    const { token, link } = newMailedLink(userId, RESET_LINK_TTL_MS, new Date());
    try {
      await decideForAccount(deps.store, context.correlationId, { type: 'SendPasswordResetLink', userId, link });
    } catch (error) {
      // No account, or a link sent less than a minute ago: nothing to send.
      if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'rate_limited')) return;
      throw error;
    }
    await deps.sendMail(passwordResetMail(email, deps.webOrigin, token));
  });
}

/** Sets a new password by a single-use link; whoever knew the old one is signed out everywhere. */
export async function resetPassword(deps: AccountFlowDeps, reset: { token: string; password: string }, context: FlowContext) {
  const { userId, tokenHash } = openMailedLink(reset.token);
  // Hashing a password is costly: only for a link that could be good (the decider has the last word).
  const { state } = await loadAccount(deps.store, userId);
  if (!state.exists || !state.resetLinks.some((link) => link.tokenHash === tokenHash)) throw invalid(INVALID_LINK);
  const result = await decideForAccount(deps.store, context.correlationId, {
    type: 'ResetPassword',
    userId,
    tokenHash,
    passwordHash: await hashPassword(reset.password),
    now: new Date().toISOString(),
    adminEmails: deps.adminEmails,
  });
  await deps.sessions.revokeAll(userId);
  return { position: result.position };
}

/**
 * A session continued by its refresh token: the token rotated, with its account. Undefined when the
 * token is unknown, expired or reused (reuse ends its session), or the account is gone.
 */
export async function refreshSession(
  deps: { store: EventStore; sessions: RefreshSessions },
  refreshToken: string,
): Promise<{ user: ExistingUser; token: string; sessionId: string } | undefined> {
  const rotated = await deps.sessions.rotate(refreshToken);
  if (!rotated) return undefined;
  const { state } = await loadAccount(deps.store, rotated.userId);
  return state.exists ? { user: state, token: rotated.token, sessionId: rotated.sessionId } : undefined;
}

/** Ends the session a refresh token belongs to (nothing when there is none). */
export async function signOut(deps: { sessions: RefreshSessions }, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await deps.sessions.revoke(refreshToken);
}

export interface ProviderSignInDeps {
  store: EventStore;
  sessions: RefreshSessions;
  adminEmails: readonly string[];
  /** Where the web app is: the provider sends the popup back to its callback there. */
  webOrigin: string;
  /** Absent: popup sign-in is not configured. */
  oidc?: OidcProvider | undefined;
}

/** How popup sign-in went, in words the popup shows when it did not. */
export type Refused = { ok: false; message: string };

/** Where to send the popup, and the flow (PKCE verifier, state, nonce) its callback must find again. */
export async function startProviderSignIn(deps: ProviderSignInDeps, context: FlowContext): Promise<{ ok: true; url: URL; flow: OidcFlow } | Refused> {
  if (!deps.oidc) return { ok: false, message: 'Popup sign-in is not configured' };
  try {
    return { ok: true, ...(await deps.oidc.start(`${deps.webOrigin}/api/auth/oidc/callback`)) };
  } catch (error) {
    context.log.error({ err: error }, 'identity provider unreachable');
    return { ok: false, message: 'The identity provider cannot be reached. Please try again later.' };
  }
}

/**
 * The provider's answer to the popup: its identity claims, checked against the flow started, sign
 * the account in (or up). When the provider just proved the mailbox of an account nobody had proven,
 * the sessions opened before (perhaps a squatter's) end.
 */
export async function finishProviderSignIn(
  deps: ProviderSignInDeps,
  /** The callback's path and query as requested, and the flow its cookie carried (if it was good). */
  callback: { url: string; flow: OidcFlow | undefined },
  context: FlowContext,
): Promise<{ ok: true; userId: string } | Refused> {
  if (!deps.oidc || !callback.flow) return { ok: false, message: 'The sign-in expired. Please try again.' };
  let identity;
  try {
    identity = await deps.oidc.finish(new URL(callback.url, deps.webOrigin), callback.flow);
  } catch (error) {
    context.log.warn({ err: error }, 'popup sign-in refused');
    return { ok: false, message: 'The identity provider did not confirm the sign-in.' };
  }
  const userId = userIdForEmail(identity.email);
  const { state: before } = await loadAccount(deps.store, userId);
  let result;
  try {
    result = await decideForAccount(deps.store, context.correlationId, {
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
    if (error instanceof DomainError) return { ok: false, message: error.message };
    throw error;
  }
  if (!result.state.exists) throw new Error('Popup sign-in did not create the account');
  if (before.exists && !before.emailVerified && result.state.emailVerified) await deps.sessions.revokeAll(userId);
  return { ok: true, userId };
}
