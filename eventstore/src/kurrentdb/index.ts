/**
 * KurrentDB adapter of the event-store port (production):
 * `createKurrentDbEventStore({ connectionString, categories: ['user-', 'meal-', …] })`.
 */
export { createKurrentDbEventStore } from './event-store';
export type { KurrentDbEventStoreOptions } from './event-store';
