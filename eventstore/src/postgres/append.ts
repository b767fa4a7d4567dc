import type { DatabaseError, Pool, PoolClient } from 'pg';
import { START, WrongExpectedVersionError } from '../port';
import type { AppendResult, EventToAppend, ExpectedVersion, Position } from '../port';
import { notifyChannel } from './schema';
import { inTransaction } from './transaction';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';
// With expectedVersion 'any' a concurrent writer taking the next version is no conflict: try again.
const ANY_VERSION_ATTEMPTS = 5;

/**
 * Appends in one transaction. A conflict (expected version, or a concurrent writer that took the
 * same version first) either turns out to be a retry of an append that is already stored, answered
 * with its original result, or becomes a WrongExpectedVersionError.
 */
export async function appendEvents(
  pool: Pool,
  schema: string,
  stream: string,
  events: readonly EventToAppend[],
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  checkEventIds(events);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(pool, (client) => writeEvents(client, schema, stream, events, expectedVersion));
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) && !isUniqueViolation(error)) throw error;
      // Looked up after the rollback: a concurrent retry of this same append may just have committed.
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
 * The append itself, inside the caller's open transaction: checks the expected version, inserts
 * the events with consecutive versions and queues the NOTIFY (delivered on commit). A concurrent
 * writer of the same version surfaces as a unique violation on the primary key.
 */
export async function writeEvents(
  client: PoolClient,
  schema: string,
  stream: string,
  events: readonly EventToAppend[],
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  const current = await currentVersion(client, schema, stream);
  if (!matches(expectedVersion, current)) throw new WrongExpectedVersionError(stream, expectedVersion, current);
  if (events.length === 0) return emptyAppendResult(client, schema, stream, current);

  const documents = events.map((event) => ({
    eventId: event.eventId,
    type: event.type,
    // jsonb has no `undefined`; JSON.stringify would drop the key and leave a NULL.
    data: event.data ?? null,
    metadata: event.metadata,
  }));
  const { rows } = await client.query<{ stream_version: string; transaction_id: string; global_position: string }>(
    `INSERT INTO ${schema}.events (stream_id, stream_version, event_id, type, data, metadata)
     SELECT $1, $2::bigint + e.ordinality, (e.doc->>'eventId')::uuid, e.doc->>'type', e.doc->'data', e.doc->'metadata'
     FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(doc, ordinality)
     ORDER BY e.ordinality
     RETURNING stream_version::text, transaction_id::text, global_position::text`,
    [stream, String(current === 'no_stream' ? -1n : current), JSON.stringify(documents)],
  );
  const last = rows.reduce((latest, row) => (BigInt(row.stream_version) > BigInt(latest.stream_version) ? row : latest));
  const position: Position = { a: BigInt(last.transaction_id), b: BigInt(last.global_position) };
  await client.query('SELECT pg_notify($1, $2)', [notifyChannel(schema), `${position.a}/${position.b}`]);
  return { nextVersion: BigInt(last.stream_version), position };
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
