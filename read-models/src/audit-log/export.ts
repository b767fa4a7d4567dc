import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { escapeLiteral } from 'pg';
import type { ClientBase } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ReadModelTables } from '../read-models';
import { filtered } from './audit-log-queries';
import type { AuditFilter } from './audit-log-queries';

/** An instant as the API writes it (Date.prototype.toISOString: UTC, milliseconds, Z). */
const iso = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A text value as a JSON string (`null` when there is none). */
const jsonText = (column: string) => sql<string>`coalesce(to_json(${sql.ref(column)})::text, 'null')`;

/**
 * One event as an ndjson line, written by the database: the AuditEvent the API answers (toAuditEvent),
 * field for field and in the same order, with `data` as PostgreSQL writes JSON.
 */
const NDJSON_LINE = sql<string>`concat(
  '{"position":"', e.position_a, '/', e.position_b, '"',
  ',"stream":', ${jsonText('e.stream_id')},
  ',"version":', e.stream_version,
  ',"type":', ${jsonText('e.type')},
  ',"occurredAt":"', ${iso('e.occurred_at')}, '"',
  ',"actor":', case when e.actor_id = 'system' then '"system"'
    else concat('{"id":', ${jsonText('e.actor_id')}, ',"email":', ${jsonText('u.email')}, ',"name":', ${jsonText('u.name')}, '}') end,
  ',"correlationId":', ${jsonText('e.correlation_id')},
  ',"causationId":', ${jsonText('e.causation_id')},
  ',"schemaVersion":', e.schema_version,
  ',"data":', e.data::text,
  ',"storedData":' || e.stored_data::text,
  ',"hash":', ${jsonText('e.hash')},
  '}')`;

export const CSV_HEADER = 'position,stream,version,type,occurredAt,actorId,actorEmail,correlationId,causationId,schemaVersion,data,hash\n';

/** A CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled; empty for null. */
const csvCell = (value: RawBuilder<unknown>) =>
  sql<string>`(select case when v ~ '[",\r\n]' then '"' || replace(v, '"', '""') || '"' else v end from coalesce((${value})::text, '') as v)`;

/** One event as a CSV line under CSV_HEADER, written by the database (as NDJSON_LINE). */
const CSV_LINE = sql<string>`concat_ws(',', ${sql.join(
  [
    sql`e.position_a || '/' || e.position_b`,
    sql`e.stream_id`,
    sql`e.stream_version`,
    sql`e.type`,
    iso('e.occurred_at'),
    sql`e.actor_id`,
    sql`u.email`,
    sql`e.correlation_id`,
    sql`e.causation_id`,
    sql`e.schema_version`,
    sql`e.data`,
    sql`e.hash`,
  ].map(csvCell),
)})`;

/** A value the statement carries as a literal (COPY takes no parameters). */
const literal = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? String(value) : escapeLiteral(value instanceof Date ? value.toISOString() : String(value));

/**
 * A search's export, one event a line (ndjson, or csv to follow CSV_HEADER), in commit order: written
 * by PostgreSQL and read with `COPY (…) TO STDOUT` over `client`, a connection the caller keeps for
 * as long as the stream runs (and ends if the stream stops early: the COPY cannot be left half read).
 * This process only relays the database's bytes, no rows parsed and no objects made, and the
 * reader's backpressure reaches the database, so its memory stays flat whatever the size of the log.
 *
 * COPY takes no parameters: the filter's values go into the statement as literals (pg's
 * escapeLiteral). The rows come out in CSV format with a delimiter and a quote no line holds (JSON
 * escapes every control character, and the other cells are ids, emails, type names, times and
 * hashes), so each line leaves exactly as written, with a newline.
 */
export async function copyExport(client: ClientBase, db: Kysely<ReadModelTables>, filter: AuditFilter, format: 'ndjson' | 'csv'): Promise<Readable> {
  const { query } = await filtered(db, filter);
  const compiled = query
    .clearSelect()
    .select((format === 'csv' ? CSV_LINE : NDJSON_LINE).as('line'))
    .orderBy('e.position_a')
    .orderBy('e.position_b')
    .compile();
  // One pass over kysely's text: a literal's own characters are never read as a placeholder.
  const statement = compiled.sql.replace(/\$(\d+)/g, (_, index: string) => literal(compiled.parameters[Number(index) - 1]));
  return client.query(copyTo(`COPY (${statement}) TO STDOUT (FORMAT csv, DELIMITER E'\\x02', QUOTE E'\\x01')`));
}
