/**
 * PostgreSQL adapter of the event-store port (the embedded default and CI). Run
 * `migrateEventStore(pool, schema)` once at start-up, then `createPostgresEventStore({ pool, schema })`.
 * The pool stays the caller's: `store.close()` stops subscriptions and the LISTEN connection only.
 */
export { createPostgresEventStore } from './event-store';
export type { PostgresEventStoreOptions } from './event-store';
export { DEFAULT_SCHEMA, migrateEventStore } from './schema';
