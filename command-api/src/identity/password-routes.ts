import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthAnswer, CommandAnswer, ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody, VerifyEmailBody } from '@hostel/contracts';
import { DomainError, invalid, INVALID_LINK, providerUnavailable, unauthenticated, userIdForEmail } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import { decideForAccount, loadAccount } from './account-commands';
import { newMailedLink, openMailedLink, passwordResetMail, RESET_LINK_TTL_MS, VERIFICATION_LINK_TTL_MS, verificationMail } from './mailed-links';
import type { MailMessage, SendMail } from './mailer';
import { hashPassword, verifyPassword } from './passwords';
import type { RefreshSessions } from './refresh-sessions';
import type { SessionIssuer } from './sessions';
import type { SignInLimits } from './sign-in-limits';

export interface PasswordDeps {
  store: EventStore;
  issuer: SessionIssuer;
  sessions: RefreshSessions;
  signInLimits: SignInLimits;
  adminEmails: readonly string[];
  /** Where the web app is (the first APP_ORIGIN): every mailed link points there, never at a request's Host. */
  webOrigin: string;
  /** Where verification and password-reset links are mailed. */
  sendMail: SendMail;
}

/**
 * Password accounts: register and sign in, prove the mailbox by the link mailed at registration,
 * and choose a new password by a single-use, expiring link.
 */
export const passwordRoutes: FastifyPluginAsync<PasswordDeps> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { webOrigin } = deps;

  // Mail handed over after the answer: a slow mail server neither delays nor (by timing) gives away anything.
  // Closing the server waits for what is still being sent.
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });
  function inBackground(request: FastifyRequest, what: string, work: () => Promise<void>) {
    const running: Promise<void> = work()
      .catch((error: unknown) => request.log.error({ err: error }, what))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }
  const mail = (request: FastifyRequest, message: MailMessage) => inBackground(request, 'mail not sent', () => deps.sendMail(message));

  routes.post('/api/auth/register', { config: { access: 'public' }, schema: { body: RegisterBody, response: { 201: AuthAnswer } } }, async (request, reply) => {
    const { name, email, password, photo } = request.body;
    const userId = userIdForEmail(email);
    const { token, link } = newMailedLink(userId, VERIFICATION_LINK_TTL_MS, new Date());
    const result = await decideForAccount(deps.store, request, {
      type: 'RegisterWithPassword',
      userId,
      name,
      email,
      photo: photo ?? '',
      passwordHash: await hashPassword(password),
      verificationLink: link,
    });
    if (!result.state.exists) throw new Error('Registration did not create the account');
    mail(request, verificationMail(email, webOrigin, token));
    reply.code(201);
    return deps.issuer.start(request, reply, result.state, result.position);
  });

  routes.post('/api/auth/login', { config: { access: 'public' }, schema: { body: LoginBody, response: { 200: AuthAnswer } } }, async (request, reply) => {
    const { email, password } = request.body;
    const attempt = await deps.signInLimits.beforeAttempt(request, reply);
    const { state } = await loadAccount(deps.store, userIdForEmail(email));
    const valid = await verifyPassword(state.exists ? state.passwordHash : null, password);
    if (!valid || !state.exists) {
      await deps.signInLimits.failed(attempt, state.exists);
      throw unauthenticated('Invalid email or password');
    }
    await deps.signInLimits.succeeded(attempt);
    // An address the operator listed after its owner had proven it: the role comes with this sign-in.
    if (state.role !== 'admin' && deps.adminEmails.includes(state.email)) {
      const applied = await decideForAccount(deps.store, request, { type: 'ApplyAdminEmails', userId: state.userId, adminEmails: deps.adminEmails });
      if (applied.state.exists) return deps.issuer.start(request, reply, applied.state, applied.position);
    }
    return deps.issuer.start(request, reply, state);
  });

  routes.post(
    '/api/auth/verify-email',
    { config: { access: 'public' }, schema: { body: VerifyEmailBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const { userId, tokenHash } = openMailedLink(request.body.token);
      const result = await decideForAccount(deps.store, request, {
        type: 'VerifyEmail',
        userId,
        tokenHash,
        now: new Date().toISOString(),
        adminEmails: deps.adminEmails,
      });
      return { message: result.changed ? 'Your email is verified.' : 'Your email is already verified.', position: result.position };
    },
  );

  routes.post('/api/auth/resend-verification', { config: { access: 'user' }, schema: { response: { 200: CommandAnswer } } }, async (request, reply) => {
    const userId = actorOf(request).sub;
    const { token, link } = newMailedLink(userId, VERIFICATION_LINK_TTL_MS, new Date());
    let result;
    try {
      result = await decideForAccount(deps.store, request, { type: 'SendVerificationLink', userId, link });
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'rate_limited') reply.header('retry-after', 60);
      throw error;
    }
    if (!result.state.exists) throw new Error('The account disappeared while sending its link');
    // Awaited here: the user pressed a button and waits to hear whether the mail left.
    try {
      await deps.sendMail(verificationMail(result.state.email, webOrigin, token));
    } catch (error) {
      request.log.error({ err: error }, 'verification mail not sent');
      throw providerUnavailable('We could not send the email just now. Please try again in a minute.');
    }
    return { message: `We sent a new verification link to ${result.state.email}.`, position: result.position };
  });

  routes.post(
    '/api/auth/forgot-password',
    { config: { access: 'public' }, schema: { body: ForgotPasswordBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const { email } = request.body;
      // The same answer, at once, whether or not the address has an account: nobody learns who is registered here.
      inBackground(request, 'password reset link not sent', async () => {
        const userId = userIdForEmail(email);
        const { token, link } = newMailedLink(userId, RESET_LINK_TTL_MS, new Date());
        try {
          await decideForAccount(deps.store, request, { type: 'SendPasswordResetLink', userId, link });
        } catch (error) {
          // No account, or a link sent less than a minute ago: nothing to send.
          if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'rate_limited')) return;
          throw error;
        }
        await deps.sendMail(passwordResetMail(email, webOrigin, token));
      });
      return { message: 'If an account uses this email, a link to reset its password is on its way. It works once, within an hour.' };
    },
  );

  routes.post(
    '/api/auth/reset-password',
    { config: { access: 'public' }, schema: { body: ResetPasswordBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const { userId, tokenHash } = openMailedLink(request.body.token);
      // Hashing a password is costly: only for a link that could be good (the decider has the last word).
      const { state } = await loadAccount(deps.store, userId);
      if (!state.exists || !state.resetLinks.some((link) => link.tokenHash === tokenHash)) throw invalid(INVALID_LINK);
      const result = await decideForAccount(deps.store, request, {
        type: 'ResetPassword',
        userId,
        tokenHash,
        passwordHash: await hashPassword(request.body.password),
        now: new Date().toISOString(),
        adminEmails: deps.adminEmails,
      });
      // Whoever knew the old password is signed out everywhere.
      await deps.sessions.revokeAll(userId);
      return { message: 'Your password has been changed. Please sign in with your new password.', position: result.position };
    },
  );
};
