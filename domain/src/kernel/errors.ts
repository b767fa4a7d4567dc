import type { ErrorAnswer, ErrorKind } from '@hostel/contracts';

/**
 * The few kinds of refusal the product speaks (ErrorKind, a contract every service answers by): each
 * maps once to a transport's status, outside the domain, so a decider never knows it is served over HTTP.
 */
export type { ErrorKind };

/** A refusal with the message the person reads (and, for validation, the fields at fault). */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly issues?: ErrorAnswer['issues'],
  ) {
    super(message);
  }
}

export const unauthenticated = (message = 'Please sign in first') => new DomainError('unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do that') => new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const paymentDeclined = (message: string) => new DomainError('payment_declined', message);
/** A provider we depend on (the card payment provider, the mail server) could not be reached or failed. */
export const providerUnavailable = (message: string) => new DomainError('provider_unavailable', message);
export const invalid = (message: string, issues?: ErrorAnswer['issues']) => new DomainError('validation', message, issues);
export const rateLimited = (message: string) => new DomainError('rate_limited', message);
