import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LimiterFactory } from '../limits/rate-limits';
import { addressOf, tooMany } from '../limits/rate-limits';

/**
 * Sign-in's rate limits (each attempt costs an argon2 hash): every attempt per address, counted before
 * the hash; failures per address (one address trying many accounts) and per account (many addresses
 * trying one), counted after a wrong password, looked at before the next attempt. They replace the
 * old throttle keyed by address and email together, which neither of those attacks ever met.
 */
export interface SignInLimits {
  /** Throws 429 (with Retry-After) when this attempt may not be made; counts it otherwise. */
  beforeAttempt(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The password was wrong (or the account unknown). */
  failed(request: FastifyRequest): Promise<void>;
}

export function createSignInLimits(limiter: LimiterFactory): SignInLimits {
  // The email is the account (register lower-cases it): the body is validated before the handler runs.
  const accountOf = (request: FastifyRequest) => String((request.body as { email?: unknown } | undefined)?.email ?? '');
  const attempts = limiter('signInAttemptsPerAddress', addressOf);
  const failuresHere = limiter('signInFailuresPerAddress', addressOf);
  const failuresOfAccount = limiter('signInFailuresPerAccount', accountOf);
  return {
    async beforeAttempt(request, reply) {
      const [here, account] = await Promise.all([failuresHere(request, { increment: false }), failuresOfAccount(request, { increment: false })]);
      const blocked = [here, account].filter((status) => status.full);
      if (blocked.length > 0) {
        throw tooMany(reply, Math.max(...blocked.map((status) => status.retryAfterMs)), 'Too many failed sign-in attempts.');
      }
      const counted = await attempts(request);
      if (counted.exceeded) throw tooMany(reply, counted.retryAfterMs, 'Too many sign-in attempts from your network.');
    },
    async failed(request) {
      await Promise.all([failuresHere(request), failuresOfAccount(request)]);
    },
  };
}
