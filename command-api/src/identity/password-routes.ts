import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthAnswer, CommandAnswer, ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody, VerifyEmailBody } from '@hostel/contracts';
import { DomainError } from '@hostel/domain';
import { actorOf } from '@hostel/platform/http';
import type { AccountFlowDeps, Background } from './flows';
import { contextOf, registerAccount, requestPasswordReset, resendVerification, resetPassword, signInWithPassword, verifyEmail } from './flows';
import type { SessionIssuer } from './sessions';

export type PasswordDeps = Omit<AccountFlowDeps, 'background'> & { issuer: SessionIssuer };

/**
 * Password accounts over HTTP: register and sign in, prove the mailbox by the link mailed at
 * registration, and choose a new password by a single-use, expiring link (flows.ts does the work).
 */
export const passwordRoutes: FastifyPluginAsync<PasswordDeps> = async (app, options) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Mail handed over after the answer; closing the server waits for what is still being sent.
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });
  const background: Background = (log, what, work) => {
    const running: Promise<void> = work()
      .catch((error: unknown) => log.error({ err: error }, what))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  const deps: AccountFlowDeps = { ...options, background };
  const { issuer } = options;

  routes.post('/api/auth/register', { config: { access: 'public' }, schema: { body: RegisterBody, response: { 201: AuthAnswer } } }, async (request, reply) => {
    const { user, position } = await registerAccount(deps, request.body, contextOf(request));
    reply.code(201);
    return issuer.start(request, reply, user, position);
  });

  routes.post('/api/auth/login', { config: { access: 'public' }, schema: { body: LoginBody, response: { 200: AuthAnswer } } }, async (request, reply) => {
    const attempt = await deps.signInLimits.beforeAttempt(request, reply);
    const { user, position } = await signInWithPassword(deps, attempt, request.body, contextOf(request));
    return issuer.start(request, reply, user, position);
  });

  routes.post(
    '/api/auth/verify-email',
    { config: { access: 'public' }, schema: { body: VerifyEmailBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const { changed, position } = await verifyEmail(deps, request.body.token, contextOf(request));
      return { message: changed ? 'Your email is verified.' : 'Your email is already verified.', position };
    },
  );

  routes.post('/api/auth/resend-verification', { config: { access: 'user' }, schema: { response: { 200: CommandAnswer } } }, async (request, reply) => {
    try {
      const { email, position } = await resendVerification(deps, actorOf(request).sub, contextOf(request));
      return { message: `We sent a new verification link to ${email}.`, position };
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'rate_limited') reply.header('retry-after', 60);
      throw error;
    }
  });

  routes.post(
    '/api/auth/forgot-password',
    { config: { access: 'public' }, schema: { body: ForgotPasswordBody, response: { 200: CommandAnswer } } },
    async (request) => {
      requestPasswordReset(deps, request.body.email, contextOf(request));
      return { message: 'If an account uses this email, a link to reset its password is on its way. It works once, within an hour.' };
    },
  );

  routes.post(
    '/api/auth/reset-password',
    { config: { access: 'public' }, schema: { body: ResetPasswordBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const { position } = await resetPassword(deps, request.body, contextOf(request));
      return { message: 'Your password has been changed. Please sign in with your new password.', position };
    },
  );
};
