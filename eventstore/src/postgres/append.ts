import type { DatabaseError, Pool } from 'pg';
import { START, WrongExpectedVersionError } from '../port';
import type { AppendOptions, AppendResult, EventToAppend, ExpectedVersion } from '../port';
import { notifyChannel } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';
// With expectedVersion 'any' a concurrent writer taking the next version is no conflict: try again.
const ANY_VERSION_ATTEMPTS = 5;

/**
 * Appends in one statement (its own transaction): one round trip to PostgreSQL. A conflict (expected
 * version, or a concurrent writer that took the same version first) either turns out to be a retry
 * of an append that is already stored, answered with its original result, or becomes a
 * WrongExpectedVersionError.
 */
export async function appendEvents(
  pool: Pool,
  schema: string,
  stream: string,
  events: readonly EventToAppend[],
  options: AppendOptions,
): Promise<AppendResult> {
  const { expectedVersion } = options;
  checkEventIds(events);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeEvents(pool, schema, stream, events, expectedVersion, options.unchangedSince);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) && !isUniqueViolation(error)) throw error;
      // The other stream moved on: deciding again is the caller's to do.
      if (error instanceof WrongExpectedVersionError && error.stream !== stream) throw error;
      // A concurrent retry of this same append may just have committed.
      const original = await findStoredAppend(pool, schema, stream, events);
      if (original) return original;
      if (isUniqueViolation(error) && error.constraint === 'events_event_id_key') {
        throw new Error(`Append to ${stream} reuses event ids stored by another append: ${error.detail ?? ''}`, {
          cause: error,
        });
      }
      if (expectedVersion === 'any' && attempt < ANY_VERSION_ATTEMPTS) continue;
      if (error instanceof WrongExpectedVersionError) throw error;
      throw new WrongExpectedVersionError(stream, expectedVersion, await currentVersion(pool, schema, stream));
    }
  }
}

/**
 * The append as one statement, alone (autocommit) or inside the caller's open transaction: reads the
 * stream's version, inserts the events with consecutive versions only if it is the expected one, and
 * queues the NOTIFY (delivered on commit). A concurrent writer of the same version surfaces as a
 * unique violation on the primary key; an unexpected version inserts nothing and says what it was.
 */
export async function writeEvents(
  db: Queryable,
  schema: string,
  stream: string,
  events: readonly EventToAppend[],
  expectedVersion: ExpectedVersion,
  unchangedSince?: AppendOptions['unchangedSince'],
): Promise<AppendResult> {
  if (events.length === 0) {
    const current = await currentVersion(db, schema, stream);
    if (!matches(expectedVersion, current)) throw new WrongExpectedVersionError(stream, expectedVersion, current);
    return emptyAppendResult(db, schema, stream, current);
  }
  const documents = events.map((event) => ({
    eventId: event.eventId,
    type: event.type,
    // jsonb has no `undefined`; JSON.stringify would drop the key and leave a NULL.
    data: event.data ?? null,
    metadata: event.metadata,
  }));
  const { rows } = await db.query<{
    current_version: string | null;
    other_version: string | null;
    other_unchanged: boolean;
    stream_version: string | null;
    transaction_id: string | null;
    global_position: string | null;
  }>(
    `WITH current AS (
       SELECT max(stream_version) AS version FROM ${schema}.events WHERE stream_id = $1
     ), other AS (
       SELECT max(stream_version) AS version FROM ${schema}.events WHERE stream_id = $5
     ), inserted AS (
       INSERT INTO ${schema}.events (stream_id, stream_version, event_id, type, data, metadata)
       SELECT $1, coalesce(current.version, -1) + e.ordinality, (e.doc->>'eventId')::uuid, e.doc->>'type', e.doc->'data', e.doc->'metadata'
       FROM current, other, jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(doc, ordinality)
       WHERE ($2::text = 'any' OR ($2::text = 'no_stream' AND current.version IS NULL) OR current.version::text = $2::text)
         AND ($5::text IS NULL OR coalesce(other.version::text, 'no_stream') = $6::text)
       ORDER BY e.ordinality
       RETURNING stream_version, transaction_id, global_position
     ), last AS (
       SELECT stream_version, transaction_id, global_position FROM inserted ORDER BY stream_version DESC LIMIT 1
     )
     SELECT (SELECT version::text FROM current) AS current_version, (SELECT version::text FROM other) AS other_version,
            $5::text IS NULL OR (SELECT coalesce(version::text, 'no_stream') FROM other) = $6::text AS other_unchanged,
            last.stream_version::text, last.transaction_id::text, last.global_position::text,
            CASE WHEN last.stream_version IS NOT NULL THEN pg_notify($4, last.transaction_id::text || '/' || last.global_position::text) END
     FROM (SELECT 1) AS one LEFT JOIN last ON true`,
    [
      stream,
      typeof expectedVersion === 'bigint' ? expectedVersion.toString() : expectedVersion,
      JSON.stringify(documents),
      notifyChannel(schema),
      unchangedSince?.stream ?? null,
      unchangedSince?.version.toString() ?? null,
    ],
  );
  const row = rows[0]!;
  if (row.stream_version === null) {
    if (unchangedSince && !row.other_unchanged) {
      throw new WrongExpectedVersionError(unchangedSince.stream, unchangedSince.version, row.other_version === null ? 'no_stream' : BigInt(row.other_version));
    }
    const current = row.current_version === null ? 'no_stream' : BigInt(row.current_version);
    throw new WrongExpectedVersionError(stream, expectedVersion, current);
  }
  return { nextVersion: BigInt(row.stream_version), position: { a: BigInt(row.transaction_id!), b: BigInt(row.global_position!) } };
}

function checkEventIds(events: readonly EventToAppend[]): void {
  const seen = new Set<string>();
  for (const { eventId } of events) {
    if (!UUID.test(eventId)) throw new Error(`Event id "${eventId}" is not a UUID`);
    const normalised = eventId.toLowerCase();
    if (seen.has(normalised)) throw new Error(`Event id ${eventId} appears twice in one append`);
    seen.add(normalised);
  }
}

function matches(expected: ExpectedVersion, current: bigint | 'no_stream'): boolean {
  return expected === 'any' || expected === current;
}

function isUniqueViolation(error: unknown): error is DatabaseError {
  return error instanceof Error && (error as Partial<DatabaseError>).code === UNIQUE_VIOLATION;
}

type Queryable = Pick<Pool, 'query'>;

async function currentVersion(db: Queryable, schema: string, stream: string): Promise<bigint | 'no_stream'> {
  const { rows } = await db.query<{ version: string | null }>(`SELECT max(stream_version)::text AS version FROM ${schema}.events WHERE stream_id = $1`, [
    stream,
  ]);
  const version = rows[0]?.version;
  return version == null ? 'no_stream' : BigInt(version);
}

async function emptyAppendResult(db: Queryable, schema: string, stream: string, current: bigint | 'no_stream'): Promise<AppendResult> {
  if (current === 'no_stream') return { nextVersion: -1n, position: START };
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    `SELECT transaction_id::text, global_position::text FROM ${schema}.events
     WHERE stream_id = $1 AND stream_version = $2`,
    [stream, String(current)],
  );
  const row = rows[0];
  if (!row) throw new Error(`Event ${current} of ${stream} vanished`);
  return { nextVersion: current, position: { a: BigInt(row.transaction_id), b: BigInt(row.global_position) } };
}

/**
 * The result of an earlier append of exactly these event ids to this stream, if one is stored.
 * Event ids stored only in part, or in another stream, are no retry (undefined).
 */
async function findStoredAppend(db: Queryable, schema: string, stream: string, events: readonly EventToAppend[]): Promise<AppendResult | undefined> {
  if (events.length === 0) return undefined;
  const { rows } = await db.query<{ stream_id: string; stream_version: string; transaction_id: string; global_position: string }>(
    `SELECT e.stream_id, e.stream_version::text AS stream_version, e.transaction_id::text AS transaction_id,
       e.global_position::text AS global_position
     FROM ${schema}.events AS e WHERE e.event_id = ANY($1::uuid[])
     ORDER BY e.stream_version DESC`,
    [events.map((event) => event.eventId)],
  );
  const last = rows[0];
  if (!last || rows.length !== events.length || rows.some((row) => row.stream_id !== stream)) return undefined;
  return {
    nextVersion: BigInt(last.stream_version),
    position: { a: BigInt(last.transaction_id), b: BigInt(last.global_position) },
  };
}
