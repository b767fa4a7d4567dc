import { CompiledQuery, sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Rows into a table with PostgreSQL's COPY, inside the caller's kysely transaction: the cheapest
 * way in for many rows (no statement to parse per row, no JSON around every value, plain text
 * parsed by each column's own input function, as an INSERT's parameters are).
 *
 * kysely's PostgreSQL driver hands a compiled query's `sql` to node-postgres's `client.query` as it
 * is, and node-postgres runs any query object that has a `submit` method (that is how pg-cursor
 * and pg-copy-streams work, and kysely's own streamQuery): `CopyIn` is such an object, and a
 * thenable, so kysely awaits it like any result.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any read model's tables, in a transaction (a Transaction is a Kysely) or not
type Trx = Kysely<any>;

/** What node-postgres's connection offers a query object (pg's Connection, in part). */
interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

interface CopyResult {
  command: string;
  rowCount: number;
  rows: never[];
}

/** `COPY … FROM STDIN` of `data` (text format) as a node-postgres query object. */
class CopyIn implements PromiseLike<CopyResult> {
  private readonly result: CopyResult = { command: 'COPY', rowCount: 0, rows: [] };
  private readonly done: Promise<CopyResult>;
  private settle!: { resolve: (result: CopyResult) => void; reject: (error: unknown) => void };

  constructor(
    private readonly text: string,
    private readonly data: string,
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: PgConnection): void {
    const bytes = Buffer.from(this.data, 'utf8');
    // CopyData messages of at most 1 MB each.
    for (let at = 0; at < bytes.length; at += 1 << 20) connection.sendCopyFromChunk(bytes.subarray(at, at + (1 << 20)));
    connection.endCopyFrom();
  }

  handleCommandComplete(message: { text?: string }): void {
    this.result.rowCount = Number(/\d+$/.exec(message.text ?? '')?.[0] ?? 0);
  }

  handleReadyForQuery(): void {
    this.settle.resolve(this.result);
  }

  handleError(error: unknown): void {
    this.settle.reject(error);
  }

  // Nothing else arrives for a COPY FROM.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}

  then<A = CopyResult, B = never>(
    onFulfilled?: ((value: CopyResult) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ) {
    return this.done.then(onFulfilled, onRejected);
  }
}

/** How a column's values are written: by its type's category. */
type Kind = 'json' | 'array' | 'scalar';
/** Column kinds by table name (a rebuild's scratch copy has its live table's columns). */
const kindsByTable = new Map<string, Map<string, Kind>>();

async function columnKinds(trx: Trx, table: string): Promise<Map<string, Kind>> {
  let kinds = kindsByTable.get(table);
  if (!kinds) {
    const { rows } = await sql<{ name: string; type: string; category: string }>`
      select a.attname as name, t.typname as type, t.typcategory as category
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped`.execute(trx);
    kinds = new Map(rows.map((row) => [row.name, row.type === 'json' || row.type === 'jsonb' ? 'json' : row.category === 'A' ? 'array' : 'scalar']));
    kindsByTable.set(table, kinds);
  }
  return kinds;
}

const SPECIAL = /[\\\n\r\t]/;
/** COPY's text format: backslash, newline, carriage return and tab escaped. */
const escapeText = (text: string) =>
  SPECIAL.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t')) : text;
/** An array literal, as node-postgres writes an array parameter: every element quoted. */
const arrayLiteral = (items: readonly unknown[]): string =>
  `{${items.map((item) => (item === null || item === undefined ? 'NULL' : Array.isArray(item) ? arrayLiteral(item) : `"${String(item).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

function field(value: unknown, kind: Kind): string {
  if (value === null || value === undefined) return '\\N';
  if (kind === 'json') return escapeText(JSON.stringify(value));
  if (kind === 'array') return escapeText(arrayLiteral(value as unknown[]));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return escapeText(String(value));
}

/**
 * One COPY of `rows` (in the order given) into `table` (named unqualified: a rebuild's search_path
 * points it at its scratch copy), of `columns` (the others take their defaults). A value is written
 * as an INSERT's parameter would be: a Date as its ISO time, a number as its shortest text, an array
 * as an array literal; a json or jsonb column's value is the JSON value itself (an object, an array…).
 */
export async function copyRows(trx: Trx, table: string, columns: readonly string[], rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const kinds = await columnKinds(trx, table);
  const columnKindsInOrder = columns.map((column) => {
    const kind = kinds.get(column);
    if (!kind) throw new Error(`${table} has no column ${column}`);
    return kind;
  });
  let data = '';
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (let index = 0; index < columns.length; index++) data += (index === 0 ? '' : '\t') + field(values[columns[index]!], columnKindsInOrder[index]!);
    data += '\n';
  }
  await copyText(trx, table, columns, data);
}

/** One COPY into `table` (`schema.table` or unqualified) of `data`, already in COPY's text format (a line a row, tab between fields). */
export async function copyText(trx: Trx, table: string, columns: readonly string[], data: string): Promise<void> {
  const text = `copy ${table.split('.').map(quote).join('.')} (${columns.map(quote).join(', ')}) from stdin`;
  await trx.executeQuery({ ...CompiledQuery.raw(text), sql: new CopyIn(text, data) as unknown as string });
}

/** A value in COPY's text format (backslash, newline, carriage return and tab escaped); `\N` for null. */
export const copyField = (text: string | null) => (text === null ? '\\N' : escapeText(text));

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
