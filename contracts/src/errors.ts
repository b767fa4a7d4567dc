import { z } from 'zod';

/** Every error answer of every service: a human-readable message, plus field issues for validation. */
export const ErrorAnswer = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/**
 * The kinds of refusal every service answers with: the domain refuses a command with one of them
 * (DomainError), in its own words, and never knows it is served over HTTP.
 */
export type ErrorKind =
  'validation' | 'unauthenticated' | 'payment_declined' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'provider_unavailable';

/**
 * The HTTP status each kind of refusal answers, its body an ErrorAnswer: the one table the services'
 * error handler (platform/http) and the web tests' fake API answer by.
 */
export const ERROR_STATUS: Readonly<Record<ErrorKind, number>> = {
  validation: 400,
  unauthenticated: 401,
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  provider_unavailable: 502,
};
