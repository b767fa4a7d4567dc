import type { Pool } from 'pg';
import { inTransaction } from './transaction';

export const DEFAULT_SCHEMA = 'eventstore';

// The schema name is spliced into SQL and into the NOTIFY channel name (at most 63 bytes), so only
// plain lower-case identifiers short enough for `<schema>_events` are accepted.
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,47}$/;

/** Answers the schema name if it is safe to splice into SQL; throws otherwise. */
export function checkSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid event-store schema name "${schema}": use lower-case letters, digits and "_", at most 48 characters`);
  }
  return schema;
}

/** The channel appends NOTIFY and subscribers LISTEN on; one per schema so stores never wake each other. */
export function notifyChannel(schema: string): string {
  return `${schema}_events`;
}

/**
 * Creates the event store's schema, `events` table and commit-order index if they are missing.
 * Idempotent and safe to run from several processes at once.
 */
export async function migrateEventStore(pool: Pool, schema: string = DEFAULT_SCHEMA): Promise<void> {
  checkSchemaName(schema);
  await inTransaction(pool, async (client) => {
    // Two concurrent `CREATE ... IF NOT EXISTS` can still collide in the catalog; take turns.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`eventstore-migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${schema}.events (
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_version bigint NOT NULL,
        event_id uuid NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_pkey PRIMARY KEY (stream_id, stream_version),
        CONSTRAINT events_event_id_key UNIQUE (event_id)
      )`);
    // readAll / subscribe walk the log in (transaction_id, global_position) order.
    await client.query(`CREATE INDEX IF NOT EXISTS events_commit_order ON ${schema}.events (transaction_id, global_position)`);
    // Folds kept to read a long stream from (a cache: deleting every row changes no answer).
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${schema}.snapshots (
        stream_id text NOT NULL,
        kind text NOT NULL,
        version bigint NOT NULL,
        state jsonb NOT NULL,
        CONSTRAINT snapshots_pkey PRIMARY KEY (stream_id, kind)
      )`);
  });
}
