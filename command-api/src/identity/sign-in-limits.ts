import type { FastifyReply, FastifyRequest } from 'fastify';
import { userIdForEmail } from '@hostel/domain';
import type { Backoffs } from '../limits/backoff';
import type { LimiterFactory, RateLimits } from '../limits/rate-limits';
import { addressOf, tooMany } from '../limits/rate-limits';
import type { KnownDevices } from './known-devices';

/** One sign-in attempt as its limits see it: whose account, from where, on which known browser (if any). */
export interface SignInAttempt {
  request: FastifyRequest;
  account: string;
  address: string;
  /** Set when this browser signed in on the account before (known-devices.ts). */
  device: string | undefined;
}

/**
 * Sign-in's limits, after OWASP's authentication guidance: guessing is slowed without locking the owner out.
 *
 * - A browser the account signed in on before (a known device) answers only for its own failures,
 *   with growing delays: failures elsewhere, from any address, never hold it back, and neither do the
 *   address-wide limits, so a student behind a hostel's shared address signs in whatever others there do.
 * - Any other attempt is held by growing delays per account and address, by growing delays for the
 *   account from unknown browsers across addresses (guessing from many), by failures from its address
 *   whatever the accounts (spraying) and by attempts from its address (each costs an argon2 hash,
 *   counted before it).
 *
 * Every refusal is a 429 saying when to try again (Retry-After, and the message).
 */
export interface SignInLimits {
  /** Throws 429 when this attempt may not be made now; counts it otherwise. */
  beforeAttempt(request: FastifyRequest, reply: FastifyReply): Promise<SignInAttempt>;
  /** The password was wrong, or the account unknown (`accountExists` false: nothing of its own to protect). */
  failed(attempt: SignInAttempt, accountExists: boolean): Promise<void>;
  /** The password was right: the failures of this account here, or of this browser, are forgotten. */
  succeeded(attempt: SignInAttempt): Promise<void>;
}

export function createSignInLimits(deps: { limiter: LimiterFactory; backoffs: Backoffs; limits: RateLimits; devices: KnownDevices }): SignInLimits {
  const attemptsHere = deps.limiter('signInAttemptsPerAddress', addressOf);
  const failuresHere = deps.limiter('signInFailuresPerAddress', addressOf);
  const failures = deps.backoffs('signInFailures', deps.limits.signInFailures);
  const failuresOfAccount = deps.backoffs('signInFailuresPerAccount', deps.limits.signInFailuresPerAccount);
  /** The key of this attempt's own failures: its known browser, or the account at its address. */
  const ownKey = (attempt: SignInAttempt) => (attempt.device ? `device:${attempt.device}` : `${attempt.account}@${attempt.address}`);

  return {
    async beforeAttempt(request, reply) {
      // The email is the account (register lower-cases it): the body is validated before the handler runs.
      const account = userIdForEmail(String((request.body as { email?: unknown } | undefined)?.email ?? ''));
      const attempt: SignInAttempt = { request, account, address: addressOf(request), device: deps.devices.of(request, account) };
      const own = await failures.waitMs(ownKey(attempt));
      if (attempt.device) {
        if (own > 0) throw tooMany(reply, own, 'Too many failed sign-in attempts on this device.');
        return attempt;
      }
      if (own > 0) throw tooMany(reply, own, 'Too many failed sign-in attempts for this account from your network.');
      const ofAccount = await failuresOfAccount.waitMs(account);
      if (ofAccount > 0)
        throw tooMany(reply, ofAccount, 'Too many failed sign-in attempts for this account. A device you have signed in on before can still sign in.');
      const here = await failuresHere(request, { increment: false });
      if (here.full) throw tooMany(reply, here.retryAfterMs, 'Too many failed sign-in attempts from your network.');
      const counted = await attemptsHere(request);
      if (counted.exceeded) throw tooMany(reply, counted.retryAfterMs, 'Too many sign-in attempts from your network.');
      return attempt;
    },
    async failed(attempt, accountExists) {
      await failures.failed(ownKey(attempt));
      if (attempt.device) return;
      await Promise.all([failuresHere(attempt.request), accountExists ? failuresOfAccount.failed(attempt.account) : undefined]);
    },
    async succeeded(attempt) {
      await failures.forget(ownKey(attempt));
    },
  };
}
