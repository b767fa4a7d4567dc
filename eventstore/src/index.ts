/**
 * The event-store port: `EventStore`, `Position` (serialised `"a/b"`, compare with
 * `comparePositions`) and `WrongExpectedVersionError`. Adapters are separate entry points so a
 * service loads only the driver it uses:
 * - `@hostel/eventstore/postgres`: `migrateEventStore(pool, schema)` + `createPostgresEventStore({ pool })`
 *   (embedded default and CI; the pool stays the caller's to end).
 * - `@hostel/eventstore/kurrentdb`: `createKurrentDbEventStore({ connectionString, categories })` (production).
 * - `@hostel/eventstore/contract-suite`: the vitest suite every adapter must pass.
 */
export * from './port';
