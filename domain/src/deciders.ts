/**
 * The pure deciders alone, with the errors they refuse with: no event store, database or clock, so a
 * browser or the web tests' fake API (web/src/testing/api) can decide with the product's own rules.
 * The command kernel (handleCommand, envelopes, parsing stored events) stays in the package's index.
 */
export type { CommandContext, Decider } from './kernel/decider';
export { exhaustive } from './kernel/decider';
export { DomainError } from './kernel/errors';
export type { ErrorKind } from './kernel/errors';
export * from './identity/user';
export * from './identity/user-decider';
export * from './meals/meal';
export * from './meals/like';
export * from './reviews/review';
export * from './payments/payment';
export * from './payments/membership';
export * from './upcoming/upcoming';
export * from './requests/meal-requests';
export * from './newsletter/newsletter';
