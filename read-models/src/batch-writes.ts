import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { copyRows } from './copy-rows';

/**
 * What a projection's `applyBatch` writes with: a batch of events is folded in memory, row by row,
 * then written in a few set-based statements instead of one or more per event: new rows with one
 * COPY (copy-rows.ts), changed rows with one UPDATE per set of columns changed, rows gone with one
 * DELETE. Tables are named unqualified, like every projection's SQL, so a rebuild's search_path
 * points them at its scratch copies.
 *
 * Updated rows travel as one JSON parameter and take the table's own column types
 * (`json_populate_recordset(null::<table>, …)`): the statement's text is the same for any number of
 * rows, and values are converted as the per-event statements' parameters are (a Date as its ISO
 * time, a number as its shortest text, an array into an array column).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any read model's tables
type Trx = Transaction<any>;
type Row = Record<string, unknown>;

const columnList = (columns: readonly string[]) => sql.join(columns.map((column) => sql.ref(column)));

/** Every row (in the order given), of `columns` (the others take their defaults), with one COPY. */
export const insertRows = copyRows;

/**
 * Sets columns of rows found by `key`, one UPDATE per set of columns changed (rows changing the
 * same columns go together). Each row appears once.
 */
export async function updateRows(trx: Trx, table: string, key: string, rows: readonly Row[]): Promise<void> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const columns = Object.keys(row)
      .filter((column) => column !== key)
      .sort()
      .join(',');
    if (columns === '') continue;
    groups.set(columns, [...(groups.get(columns) ?? []), row]);
  }
  for (const [columns, group] of groups) {
    const assignments = sql.join(columns.split(',').map((column) => sql`${sql.ref(column)} = ${sql.ref(`v.${column}`)}`));
    await sql`update ${sql.table(table)} as t set ${assignments}
      from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(group)}::json) as v
      where ${sql.ref(`t.${key}`)} = ${sql.ref(`v.${key}`)}`.execute(trx);
  }
}

/** Deletes the rows whose `column` is one of `values`. */
export async function deleteWhereIn(trx: Trx, table: string, column: string, values: readonly string[]): Promise<void> {
  if (values.length === 0) return;
  await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = any(${values}::text[])`.execute(trx);
}

/** The error the per-event INSERT would have met: the batch fails as that event would have. */
const duplicate = (table: string, key: string) => new Error(`duplicate key value violates unique constraint: ${table} already holds ${key}`);

/**
 * A batch's rows of one table, by their text key: loaded once (`load`: the keys the batch touches,
 * with the columns it reads), changed in memory with the per-event statements' meaning (inserting a
 * key that exists fails, updating or deleting a missing row does nothing), then written back by
 * `flush`: deletes, inserts, then updates of the columns that changed.
 */
export class BatchRows<T extends object> {
  private readonly before = new Map<string, T | undefined>();
  private readonly now = new Map<string, T | undefined>();
  private readonly changed = new Map<string, Set<string>>();
  /** Keys deleted and inserted again within the batch: their old row goes, the new one comes. */
  private readonly replaced = new Set<string>();

  constructor(
    private readonly table: string,
    private readonly key: keyof T & string,
    /** The columns read back (the key among them). */
    private readonly loaded: readonly (keyof T & string)[],
    /** The columns an insert writes. */
    private readonly columns: readonly (keyof T & string)[],
  ) {}

  async load(trx: Trx, keys: Iterable<string>): Promise<void> {
    const wanted = [...new Set(keys)].filter((key) => !this.before.has(key));
    if (wanted.length === 0) return;
    const { rows } = await sql<T>`select ${columnList(this.loaded)} from ${sql.table(this.table)} where ${sql.ref(this.key)} = any(${wanted}::text[])`.execute(
      trx,
    );
    for (const key of wanted) this.before.set(key, undefined);
    for (const row of rows) this.before.set((row as Row)[this.key] as string, row);
    for (const key of wanted) {
      const row = this.before.get(key);
      this.now.set(key, row && { ...row });
    }
  }

  private known(key: string): void {
    if (!this.before.has(key)) throw new Error(`${this.table} ${key} was not loaded before the batch used it`);
  }

  /** The row as the batch has made it so far (undefined: there is none). */
  get(key: string): Readonly<T> | undefined {
    this.known(key);
    return this.now.get(key);
  }

  insert(row: T): void {
    const key = (row as Row)[this.key] as string;
    this.known(key);
    if (this.now.get(key)) throw duplicate(this.table, key);
    if (this.before.get(key)) this.replaced.add(key);
    this.now.set(key, { ...row });
    this.changed.delete(key);
  }

  update(key: string, patch: Partial<T>): void {
    this.known(key);
    const row = this.now.get(key);
    if (!row) return;
    Object.assign(row, patch);
    const columns = this.changed.get(key) ?? new Set<string>();
    for (const column of Object.keys(patch)) columns.add(column);
    this.changed.set(key, columns);
  }

  delete(key: string): void {
    this.known(key);
    this.now.set(key, undefined);
    this.changed.delete(key);
  }

  async flush(trx: Trx): Promise<void> {
    const deletes: string[] = [];
    const inserts: T[] = [];
    const updates: Row[] = [];
    for (const [key, row] of this.now) {
      const existed = this.before.get(key) !== undefined;
      const fresh = !existed || this.replaced.has(key);
      if (existed && (!row || fresh)) deletes.push(key);
      if (row && fresh) inserts.push(row);
      else if (row && existed) {
        const columns = this.changed.get(key);
        if (columns?.size) updates.push(Object.fromEntries([[this.key, key], ...[...columns].map((column) => [column, (row as Row)[column]])]));
      }
    }
    await deleteWhereIn(trx, this.table, this.key, deletes);
    await insertRows(trx, this.table, this.columns, inserts);
    await updateRows(trx, this.table, this.key, updates);
  }
}

/**
 * A batch's changes to a table of pairs (who liked what): pairs added, and groups wiped (every pair
 * of a meal deleted). Written back as one DELETE of the wiped groups, then one INSERT of the pairs
 * added since. Adding a pair twice fails, as the per-event INSERT would.
 */
export class BatchPairs {
  private readonly wiped = new Set<string>();
  private readonly added = new Map<string, Set<string>>();
  /** Pairs added and then wiped in this batch, in groups not wiped before: the per-event INSERT would have failed if they were stored. */
  private readonly addedThenWiped: [string, string][] = [];

  constructor(
    private readonly table: string,
    private readonly group: string,
    private readonly member: string,
  ) {}

  add(group: string, member: string): void {
    const members = this.added.get(group) ?? new Set<string>();
    if (members.has(member)) throw duplicate(this.table, `${group} ${member}`);
    members.add(member);
    this.added.set(group, members);
  }

  wipe(group: string): void {
    if (!this.wiped.has(group)) for (const member of this.added.get(group) ?? []) this.addedThenWiped.push([group, member]);
    this.added.delete(group);
    this.wiped.add(group);
  }

  async flush(trx: Trx): Promise<void> {
    if (this.addedThenWiped.length > 0) {
      const { rows } = await sql<{ g: string; m: string }>`select w.g, w.m
        from unnest(${this.addedThenWiped.map(([group]) => group)}::text[], ${this.addedThenWiped.map(([, member]) => member)}::text[]) as w(g, m)
        where exists (select from ${sql.table(this.table)} as p where ${sql.ref(`p.${this.group}`)} = w.g and ${sql.ref(`p.${this.member}`)} = w.m)
        limit 1`.execute(trx);
      if (rows[0]) throw duplicate(this.table, `${rows[0].g} ${rows[0].m}`);
    }
    await deleteWhereIn(trx, this.table, this.group, [...this.wiped]);
    const rows = [...this.added].flatMap(([group, members]) => [...members].map((member) => ({ [this.group]: group, [this.member]: member })));
    await insertRows(trx, this.table, [this.group, this.member], rows);
  }
}
