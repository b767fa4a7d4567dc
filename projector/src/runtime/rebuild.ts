import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { formatPosition, START } from '@hostel/eventstore';
import type { EventStore, Position, RecordedEvent } from '@hostel/eventstore';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { CHECKPOINT_CHANNEL } from '@hostel/read-models';
import type { ProjectedEvent, Projection, ReadModelTables } from '@hostel/read-models';
import { readCheckpoint, resetCheckpoint } from './checkpoints';
import { parseEvent } from '@hostel/domain';

export type RebuildStep = 'replaying' | 'indexing' | 'swapping';

export interface RebuildDeps {
  store: EventStore;
  db: Kysely<ReadModelTables>;
  /** Events read, applied and committed at a time (default 5000). */
  batchSize?: number;
  /** Called after each committed batch of the replay (awaited). */
  onProgress?: (eventsRead: number) => void | Promise<void>;
  /** Called as the rebuild moves on: the replay, then building the copies' indexes, then the swap. */
  onStep?: (step: RebuildStep) => void;
}

const DEFAULT_BATCH = 5000;
/** How long the swap waits for readers of the old tables before letting go and trying again (under deadlock_timeout, 1 s). */
const SWAP_LOCK_TIMEOUT_MS = 250;
const SWAP_ATTEMPTS = 40;

/** One projection's rebuild: `rebuildProjections` with it alone. */
export function rebuildProjection(projection: Projection, deps: RebuildDeps): Promise<{ events: number }> {
  return rebuildProjections([projection], deps);
}

/**
 * Replays the whole log, once, into fresh copies of the projections' tables, then swaps them all in
 * at once, while the old tables keep answering reads:
 *
 * 1. The copies live in a scratch schema, made like the live tables but with only their primary
 *    keys and unique constraints (what a batch looks rows up by). The log is read once, a few
 *    batches ahead, each event parsed once; every projection applies each batch (`applyBatch` when
 *    it has one: set-based statements) in a short transaction of its own, at its own pace, with the
 *    scratch schema first on the search_path so its SQL lands there unchanged. Short transactions
 *    matter: an open transaction holds back the event store's ordering guard, so a replay in one long
 *    transaction would stall every live reader.
 * 2. The copies' other indexes are built after the load, each with CREATE INDEX CONCURRENTLY (a
 *    plain CREATE INDEX holds a transaction id for its whole build, stalling the log's readers),
 *    with their live names; then ANALYZE, and the events committed meanwhile are replayed.
 * 3. The swap is one transaction: it takes the checkpoint rows (a live runner's next batch waits on
 *    them, then finds them moved and resumes after the rebuilt position), replays the few events
 *    committed meanwhile, takes the live tables from their readers (waiting at most a moment, then
 *    letting go and trying again, so no reader waits long or deadlocks), moves the old tables out
 *    of `public` and the copies in, moves the checkpoints and notifies them. Readers see the old
 *    tables until that commit and the new ones after it: never an empty or half-built table. The
 *    old tables are dropped after it.
 *
 * No live messages and no policies fire during a rebuild.
 */
export async function rebuildProjections(projections: readonly Projection[], deps: RebuildDeps): Promise<{ events: number }> {
  const { db } = deps;
  if (projections.length === 0) return { events: 0 };
  const names = projections.map((projection) => projection.name).sort();
  const scratch = scratchSchema(names);
  const retired = `${scratch}_old`;
  const tables = projections.flatMap((projection) => projection.tables);
  await sql`drop schema if exists ${sql.id(scratch)} cascade`.execute(db);
  await sql`drop schema if exists ${sql.id(retired)} cascade`.execute(db);
  await sql`create schema ${sql.id(scratch)}`.execute(db);
  try {
    const deferred: string[] = [];
    for (const table of tables) deferred.push(...(await copyTable(db, table, scratch)));

    const replayer = createReplayer(projections, deps, scratch);
    deps.onStep?.('replaying');
    await replayer.catchUp();

    deps.onStep?.('indexing');
    for (const statement of deferred) await sql.raw(statement).execute(db);
    for (const table of tables) await sql`analyze ${sql.id(scratch, table)}`.execute(db);
    // What was committed while the indexes were built, so the swap's own replay is short.
    await replayer.catchUp();

    deps.onStep?.('swapping');
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction().execute(async (trx) => {
          for (const name of names) await readCheckpoint(trx, name);
          await trx.selectFrom('projection_checkpoints').select('name').where('name', 'in', names).orderBy('name').forUpdate().execute();
          // Holding an xid now, this transaction bounds the tail: it ends at what committed before it.
          const end = await replayer.tail(trx);
          await sql`set local search_path to public`.execute(trx);
          await sql`set local lock_timeout = ${sql.lit(`${SWAP_LOCK_TIMEOUT_MS}ms`)}`.execute(trx);
          await sql`lock table ${sql.join(tables.map((table) => sql.id('public', table)))} in access exclusive mode`.execute(trx);
          await sql`create schema ${sql.id(retired)}`.execute(trx);
          for (const table of tables) {
            await sql`alter table ${sql.id('public', table)} set schema ${sql.id(retired)}`.execute(trx);
            await sql`alter table ${sql.id(scratch, table)} set schema public`.execute(trx);
          }
          for (const name of names) {
            await resetCheckpoint(trx, name, end);
            // Answer caches keyed on a read model forget it; position waiters see where it now is.
            await sql`select pg_notify(${CHECKPOINT_CHANNEL}, ${`${name} ${formatPosition(end)}`})`.execute(trx);
          }
        });
        replayer.committed();
        break;
      } catch (error) {
        replayer.rolledBack();
        if (!isLockTimeout(error) || attempt >= SWAP_ATTEMPTS) throw error;
        await delay(50 * attempt);
      }
    }
    return { events: replayer.read() };
  } finally {
    await dropSchemas(db, [retired, scratch]);
  }
}

/**
 * Drops what a rebuild leaves, waiting a few seconds at most for a reader still on an old table: a
 * schema left behind is dropped by the next rebuild of the same read models.
 */
async function dropSchemas(db: Kysely<ReadModelTables>, schemas: readonly string[]) {
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`set local lock_timeout = '5s'`.execute(trx);
      for (const schema of schemas) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
    })
    .catch((error: unknown) => {
      if (!isLockTimeout(error)) throw error;
    });
}

/** `rebuild_<name>` for one projection; several share one schema named after them all. */
function scratchSchema(names: readonly string[]): string {
  if (names.length === 1) return `rebuild_${names[0]!.replace(/\W/g, '_')}`.slice(0, 56);
  return `rebuild_${createHash('sha256').update(names.join(',')).digest('hex').slice(0, 12)}`;
}

interface IndexRow {
  name: string;
  definition: string;
  constraint_name: string | null;
  constraint_definition: string | null;
}

/**
 * An empty copy of `public.<table>` in `schema`: its columns, defaults, generated columns and checks,
 * and its primary key and unique constraints (named as the live ones: names are per schema).
 * Answers the statements that build its other indexes, under their live names, once it is loaded.
 */
async function copyTable(db: Kysely<ReadModelTables>, table: string, schema: string): Promise<string[]> {
  await sql`create table ${sql.id(schema, table)} (like ${sql.id('public', table)} including all excluding indexes)`.execute(db);
  const { rows } = await sql<IndexRow>`
    select i.relname as name, pg_get_indexdef(i.oid) as definition,
      c.conname as constraint_name, pg_get_constraintdef(c.oid) as constraint_definition
    from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u', 'x')
    where n.nspname = 'public' and t.relname = ${table}
    order by i.relname`.execute(db);
  const later: string[] = [];
  for (const index of rows) {
    if (index.constraint_name && index.constraint_definition) {
      await sql`alter table ${sql.id(schema, table)} add constraint ${sql.id(index.constraint_name)} ${sql.raw(index.constraint_definition)}`.execute(db);
      continue;
    }
    const on = ` ON public.${table} `;
    const at = index.definition.indexOf(on);
    if (!/^CREATE (UNIQUE )?INDEX /.test(index.definition) || at < 0) throw new Error(`Cannot rebuild index ${index.name}: ${index.definition}`);
    const [create, rest] = [index.definition.slice(0, at), index.definition.slice(at + on.length)];
    later.push(`${create.replace(/INDEX /, 'INDEX CONCURRENTLY ')} ON ${schema}.${table} ${rest}`);
  }
  return later;
}

/** How many batches the log is read ahead of the slowest projection. */
const READ_AHEAD = 3;

interface Batch {
  /** Events read (of any type). */
  count: number;
  end: Position;
  /** The events some projection handles, parsed once for all of them. */
  parsed: ProjectedEvent[];
}

/**
 * Reads the log batch after batch, parses each event once, and has every projection apply it.
 * `catchUp` replays in short transactions of their own, one projection's batch a transaction, each
 * projection going at its own pace (the log is read a few batches ahead of the slowest): while
 * PostgreSQL writes one projection's batch, this process folds another's. `tail` replays inside the
 * caller's transaction (the swap's). The position moves only with what every projection committed.
 */
function createReplayer(projections: readonly Projection[], deps: RebuildDeps, scratch: string) {
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;
  const handled = projections.map((projection) => ({ projection, handles: new Set<string>(projection.handles) }));
  const anyHandles = new Set(projections.flatMap((projection) => projection.handles as readonly string[]));
  let position: Position = START;
  let read = 0;
  let pending: { position: Position; read: number } | undefined;

  const parse = (events: RecordedEvent[]): Batch => ({
    count: events.length,
    end: events.at(-1)?.position ?? START,
    parsed: events.filter((event) => anyHandles.has(event.type)).map(parseEvent),
  });

  async function applyTo(trx: Transaction<ReadModelTables>, projection: Projection, events: readonly ProjectedEvent[]) {
    if (projection.applyBatch) await projection.applyBatch(trx, events, () => undefined);
    else for (const event of events) await projection.apply(trx, event, () => undefined);
  }
  const mine = (handles: Set<string>, batch: Batch) => batch.parsed.filter((event) => handles.has(event.type));

  return {
    read: () => read,
    async catchUp() {
      // batches[k]: the k-th batch after `position` (undefined once the log is read to its end).
      const batches: Promise<Batch | undefined>[] = [];
      const readBatch = async (from: Position) => {
        const events = await deps.store.readAll({ from, batch: batchSize });
        return events.length === 0 ? undefined : parse(events);
      };
      const batchAt = (k: number): Promise<Batch | undefined> => {
        batches[k] ??= k === 0 ? readBatch(position) : batchAt(k - 1).then((previous) => (previous ? readBatch(previous.end) : undefined));
        // A failure surfaces where it is awaited, not as an unhandled rejection.
        batches[k]!.catch(() => undefined);
        return batches[k]!;
      };
      /** Batch k, and the next one read meanwhile. */
      const take = (k: number) => {
        void batchAt(k + 1);
        return batchAt(k);
      };

      const applied = handled.map(() => 0);
      let stopped = false;
      let reported = 0;
      let reporting = Promise.resolve();
      const waiters: (() => void)[] = [];
      const moved = () => waiters.splice(0).forEach((wake) => wake());
      const slowest = () => Math.min(...applied);
      /** Reports each batch every projection has committed, in order, once. */
      const report = () => {
        const upTo = slowest();
        reporting = reporting.then(async () => {
          for (; reported < upTo; reported++) {
            const batch = (await batchAt(reported))!;
            position = batch.end;
            read += batch.count;
            batch.parsed = []; // every projection has it: let its events go
            await deps.onProgress?.(read);
          }
        });
      };

      const workers = handled.map(async ({ projection, handles }, index) => {
        for (let k = 0; !stopped; k++) {
          while (k - slowest() > READ_AHEAD && !stopped) await new Promise<void>((wake) => waiters.push(wake));
          const batch = await take(k);
          if (!batch || stopped) return;
          const events = mine(handles, batch);
          if (events.length > 0)
            await deps.db.transaction().execute(async (trx) => {
              await sql`set local search_path to ${sql.id(scratch)}, public`.execute(trx);
              // The scratch tables are thrown away if the machine stops: no need to wait for the disk.
              await sql`set local synchronous_commit to off`.execute(trx);
              await applyTo(trx, projection, events);
            });
          applied[index] = k + 1;
          report();
          moved();
        }
      });
      const settled = await Promise.allSettled(workers.map((worker) => worker.catch((error: unknown) => ((stopped = true), moved(), Promise.reject(error)))));
      await reporting;
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    /** Replays what is left inside `trx`; answers the position it reaches (kept once `committed()`). */
    async tail(trx: Transaction<ReadModelTables>): Promise<Position> {
      let at = position;
      let count = read;
      await sql`set local search_path to ${sql.id(scratch)}, public`.execute(trx);
      for (;;) {
        const events = await deps.store.readAll({ from: at, batch: batchSize });
        if (events.length === 0) break;
        const batch = parse(events);
        for (const { projection, handles } of handled) {
          const events = mine(handles, batch);
          if (events.length > 0) await applyTo(trx, projection, events);
        }
        at = batch.end;
        count += batch.count;
      }
      pending = { position: at, read: count };
      return at;
    },
    committed() {
      if (pending) ({ position, read } = pending);
      pending = undefined;
    },
    rolledBack() {
      pending = undefined;
    },
  };
}

function isLockTimeout(error: unknown): boolean {
  // 55P03 lock_not_available (lock_timeout); 40P01 deadlock_detected.
  const code = (error as { code?: string } | undefined)?.code;
  return code === '55P03' || code === '40P01';
}
