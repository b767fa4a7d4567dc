import type { Pool } from 'pg';
import { START } from '../port';
import type { Position, ReadAllOptions, RecordedEvent, StoredEvent } from '../port';

export const DEFAULT_BATCH = 1000;

/** A row as selected below: 64-bit numbers arrive as text so no precision is lost. */
export interface EventRow<Data = unknown, Metadata = Record<string, unknown>> {
  event_id: string;
  type: string;
  data: Data;
  metadata: Metadata;
  stream_id: string;
  stream_version: string;
  transaction_id: string;
  global_position: string;
}

// Selected as text (aliased to the column names), so ORDER BY must name the table's columns as
// `e.<column>`: a bare name would sort by the text output column, putting "10" before "9".
export const EVENT_COLUMNS = `e.event_id::text AS event_id, e.type, e.data, e.metadata, e.stream_id,
  e.stream_version::text AS stream_version, e.transaction_id::text AS transaction_id,
  e.global_position::text AS global_position`;

export function toRecordedEvent(row: EventRow<string, string>): StoredEvent;
export function toRecordedEvent(row: EventRow): RecordedEvent;
export function toRecordedEvent(row: EventRow<unknown, unknown>): Omit<RecordedEvent, 'metadata'> & { metadata: unknown } {
  return {
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamVersion: BigInt(row.stream_version),
    position: { a: BigInt(row.transaction_id), b: BigInt(row.global_position) },
  };
}

export async function readStream(pool: Pool, schema: string, stream: string, fromVersion = 0n): Promise<RecordedEvent[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM ${schema}.events AS e WHERE e.stream_id = $1 AND e.stream_version >= $2 ORDER BY e.stream_version`,
    [stream, String(fromVersion)],
  );
  return rows.map(toRecordedEvent);
}

/**
 * A snapshot and the events after it in one round trip: one row, the snapshot's columns (null
 * without one) and the events as a JSON array (64-bit numbers as text, as EVENT_COLUMNS has them).
 */
export async function readFromSnapshot(pool: Pool, schema: string, stream: string, kind: string) {
  const { rows } = await pool.query<{ version: string | null; state: unknown; events: EventRow[] }>(
    `SELECT s.version::text AS version, s.state,
       (SELECT coalesce(jsonb_agg(jsonb_build_object(
            'event_id', e.event_id, 'type', e.type, 'data', e.data, 'metadata', e.metadata, 'stream_id', e.stream_id,
            'stream_version', e.stream_version::text, 'transaction_id', e.transaction_id::text, 'global_position', e.global_position::text)
          ORDER BY e.stream_version), '[]'::jsonb)
        FROM ${schema}.events AS e WHERE e.stream_id = $1 AND e.stream_version > coalesce(s.version, -1)) AS events
     FROM (SELECT 1) AS one LEFT JOIN ${schema}.snapshots AS s ON s.stream_id = $1 AND s.kind = $2`,
    [stream, kind],
  );
  const row = rows[0]!;
  return {
    snapshot: row.version === null ? undefined : { version: BigInt(row.version), state: row.state },
    events: row.events.map(toRecordedEvent),
  };
}

/**
 * The commit-ordered read. Identity values and transaction ids are handed out before commit, so a
 * transaction that started earlier can commit after a later one: the read stops below the oldest
 * transaction still running that could write to this database (the horizon), so the cursor never
 * moves past an event that could still appear behind it. Parameters: $1 transaction id, $2 global
 * position (exclusive), $3 batch size.
 */
export function readAllSql(schema: string, columns = EVENT_COLUMNS): string {
  return `SELECT ${columns} FROM ${schema}.events AS e
    WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
      AND e.transaction_id < (${HORIZON})
    ORDER BY e.transaction_id, e.global_position
    LIMIT $3`;
}

/**
 * The horizon: the oldest transaction in progress in this statement's snapshot (its xip list: the
 * transactions whose rows it cannot see yet) that is not known to belong to another database of the
 * cluster, or the snapshot's xmax when there is none. A transaction never changes database, so one
 * running elsewhere can never add an event here, however long it runs (a migration or a bulk load
 * next door); without the guard's bound by database (`pg_snapshot_xmin`), it held every reader back.
 *
 * What is known: the holder of the transaction's own lock (pg_locks, `transactionid`, granted
 * ExclusiveLock: the process running it) and that process's database (pg_stat_activity's `datname`),
 * both readable by any role; a prepared transaction names its database (pg_prepared_xacts). Whatever
 * cannot be placed (it ended between the snapshot and these reads, its process is gone) counts as
 * this database's, so the read waits rather than skips: it is released by the next read. Only
 * top-level transaction ids are compared: an event's `transaction_id` is its top-level transaction's
 * (`pg_current_xact_id()`, also inside a subtransaction), as are the snapshot's xip list and the locks
 * held. A transaction that gets its id after the snapshot gets one at or above its xmax, which the
 * horizon never passes. The lookups run only when a transaction is in progress at all.
 */
const HORIZON = `WITH elsewhere AS MATERIALIZED (
        SELECT l.transactionid AS xid FROM pg_lock_status() AS l, pg_stat_get_activity(l.pid) AS a
        WHERE l.locktype = 'transactionid' AND l.mode = 'ExclusiveLock' AND l.granted
          AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database())
        UNION ALL
        SELECT transaction FROM pg_prepared_xacts WHERE database <> current_database()
      )
      SELECT coalesce(min(running.x), pg_snapshot_xmax(pg_current_snapshot()))
      FROM pg_snapshot_xip(pg_current_snapshot()) AS running(x)
      WHERE NOT EXISTS (SELECT 1 FROM elsewhere WHERE elsewhere.xid = xid(running.x))`;

export function readAllParameters(from: Position, batch: number): string[] {
  return [String(from.a), String(from.b), String(batch)];
}

// Prepared once per connection (named): planning the horizon's lookups costs more than running them.
export async function readAll(pool: Pool, schema: string, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
  const { rows } = await pool.query<EventRow>({
    name: `eventstore-read-all-${schema}`,
    text: readAllSql(schema),
    values: readAllParameters(options.from ?? START, batchOf(options)),
  });
  return rows.map(toRecordedEvent);
}

/** The same read with data and metadata as jsonb writes them out, for the driver to hand over unparsed. */
const STORED_COLUMNS = EVENT_COLUMNS.replace('e.data, e.metadata', 'e.data::text AS data, e.metadata::text AS metadata');

export async function readAllStored(pool: Pool, schema: string, options: ReadAllOptions = {}): Promise<StoredEvent[]> {
  const { rows } = await pool.query<EventRow<string, string>>({
    name: `eventstore-read-all-stored-${schema}`,
    text: readAllSql(schema, STORED_COLUMNS),
    values: readAllParameters(options.from ?? START, batchOf(options)),
  });
  return rows.map((row) => toRecordedEvent(row));
}

function batchOf(options: ReadAllOptions): number {
  const batch = options.batch ?? DEFAULT_BATCH;
  if (!Number.isSafeInteger(batch) || batch < 1) throw new RangeError(`batch must be a positive integer, got ${batch}`);
  return batch;
}
