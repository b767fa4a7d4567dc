import type { ReadModelTables } from '@hostel/contracts';
import { START } from '@hostel/eventstore';
import type { EventStore, Position } from '@hostel/eventstore';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { readCheckpoint, resetCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { toProjected } from './to-projected';

interface RebuildDeps {
  store: EventStore;
  db: Kysely<ReadModelTables>;
  batchSize?: number;
  /** Called after each committed batch of the replay (awaited). */
  onProgress?: (eventsRead: number) => void | Promise<void>;
}

/**
 * Replays the whole log into fresh copies of a projection's tables, then swaps them in:
 *
 * 1. The copies live in a scratch schema; each batch is its own short transaction with the
 *    scratch schema first on the search_path, so the projection's own SQL lands there unchanged.
 *    Short transactions matter: an open transaction holds back the event store's xmin guard, so a
 *    replay in one long transaction would stall every live reader until it ended.
 * 2. The swap is one transaction: it takes the checkpoint row (the live runner's next batch waits
 *    on it, then finds it moved and resumes after the rebuilt position), replays the few events
 *    committed meanwhile, and replaces the live rows by the rebuilt ones. Readers see the old rows
 *    until that commit (MVCC), and the tables keep their indexes and names.
 *
 * No live messages and no policies fire during a rebuild.
 */
export async function rebuildProjection(projection: Projection, deps: RebuildDeps): Promise<{ events: number }> {
  const { db } = deps;
  const scratch = `rebuild_${projection.name.replace(/\W/g, '_')}`;
  await sql`drop schema if exists ${sql.id(scratch)} cascade`.execute(db);
  await sql`create schema ${sql.id(scratch)}`.execute(db);
  try {
    for (const table of projection.tables) {
      await sql`create table ${sql.id(scratch, table)} (like ${sql.id('public', table)} including all)`.execute(db);
    }
    let from = START;
    let read = 0;
    const replay = async (trx: Transaction<ReadModelTables>) => {
      await sql`set local search_path to ${sql.id(scratch)}, public`.execute(trx);
      const caughtUp = await replayBatch(projection, deps, trx, from);
      from = caughtUp.position;
      read += caughtUp.count;
      return caughtUp.count;
    };
    while ((await db.transaction().execute(replay)) > 0) await deps.onProgress?.(read);

    await db.transaction().execute(async (trx) => {
      await readCheckpoint(trx, projection.name);
      await trx.selectFrom('projection_checkpoints').select('name').where('name', '=', projection.name).forUpdate().execute();
      // Holding an xid now, this transaction bounds the tail: it ends at what committed before it.
      while ((await replay(trx)) > 0);
      await sql`set local search_path to public`.execute(trx);
      for (const table of projection.tables) {
        // Generated columns (a search vector, say) are computed again on insert, never copied.
        const { rows } = await sql<{ column_name: string }>`
          select column_name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`.execute(trx);
        const columns = sql.join(rows.map((row) => sql.id(row.column_name)));
        await sql`delete from ${sql.id('public', table)}`.execute(trx);
        await sql`insert into ${sql.id('public', table)} (${columns}) select ${columns} from ${sql.id(scratch, table)}`.execute(trx);
      }
      await resetCheckpoint(trx, projection.name, from);
    });
    return { events: read };
  } finally {
    await sql`drop schema if exists ${sql.id(scratch)} cascade`.execute(db);
  }
}

/** Applies the next batch after `from`; answers how many events it read and where it ended. */
async function replayBatch(projection: Projection, deps: RebuildDeps, trx: Transaction<ReadModelTables>, from: Position) {
  const handles = new Set<string>(projection.handles);
  const events = await deps.store.readAll({ from, batch: deps.batchSize ?? 1000 });
  for (const event of events) {
    if (handles.has(event.type)) await projection.apply(trx, toProjected(event), () => undefined);
  }
  return { count: events.length, position: events.at(-1)?.position ?? from };
}
