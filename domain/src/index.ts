/**
 * The transport-free domain: the command kernel (deciders, handleCommand, the event envelope, one
 * parser of stored events, domain errors) and one pure decider per aggregate, each in its
 * capability's folder. Nothing here knows HTTP, a database or a clock.
 */
export type { CommandContext, Decider, SnapshotPolicy } from './kernel/decider';
export { exhaustive } from './kernel/decider';
export { DomainError, conflict, forbidden, invalid, notFound, paymentDeclined, providerUnavailable, rateLimited, unauthenticated } from './kernel/errors';
export type { ErrorKind } from './kernel/errors';
export { envelope } from './kernel/envelope';
export { currentSchemaVersion, upcast } from './kernel/upcasters';
export { parseEvent } from './kernel/parse-event';
export type { ParsedEvent } from './kernel/parse-event';
export { handleCommand, loadState } from './kernel/handle-command';
export { observeCommands } from './kernel/command-observers';
export type { CommandObserver, CommandOutcome, HandledCommand } from './kernel/command-observers';
export type { CommandResult, HandleOptions } from './kernel/handle-command';

// One decider per aggregate (its events, state, evolve, commands and stream name), by capability.
export * from './identity/user';
export * from './identity/user-decider';
export * from './meals/meal';
export * from './meals/like';
export * from './meals/like-meal';
export * from './reviews/review';
export * from './reviews/add-review';
export * from './payments/payment';
export * from './payments/membership';
export * from './upcoming/upcoming';
export * from './requests/meal-requests';
export * from './newsletter/newsletter';
