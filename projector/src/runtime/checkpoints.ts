import { formatPosition, START } from '@hostel/eventstore';
import type { Position } from '@hostel/eventstore';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { ReadModelTables } from '@hostel/read-models';

type Db = Kysely<ReadModelTables> | Transaction<ReadModelTables>;

/** The projection's checkpoint, created at the start of the log when missing. */
export async function readCheckpoint(db: Db, name: string): Promise<Position> {
  await db
    .insertInto('projection_checkpoints')
    .values({ name, position_a: '0', position_b: '0', updated_at: new Date() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('projection_checkpoints').select(['position_a', 'position_b']).where('name', '=', name).executeTakeFirstOrThrow();
  return { a: BigInt(row.position_a), b: BigInt(row.position_b) };
}

/**
 * Compare-and-set: moves the checkpoint from `from` to `to`, or answers false when someone else
 * (another instance, a rebuild) moved it first. Taking the row lock first, before any read-model
 * write, also orders a batch after a rebuild holding the same row.
 */
export async function advanceCheckpoint(trx: Transaction<ReadModelTables>, name: string, from: Position, to: Position): Promise<boolean> {
  const result = await trx
    .updateTable('projection_checkpoints')
    .set({ position_a: String(to.a), position_b: String(to.b), updated_at: new Date() })
    .where('name', '=', name)
    .where('position_a', '=', String(from.a))
    .where('position_b', '=', String(from.b))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * The same compare-and-set for a batch with nothing the projection handles, in one statement (its
 * own transaction) that also tells waiters (`channel`) how far the read model now is: most batches
 * are nothing to most projections (a like is two projections' business, not nine).
 */
export async function advanceCheckpointAlone(db: Kysely<ReadModelTables>, name: string, from: Position, to: Position, channel: string): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`
    with moved as (
      update projection_checkpoints set position_a = ${String(to.a)}, position_b = ${String(to.b)}, updated_at = now()
      where name = ${name} and position_a = ${String(from.a)} and position_b = ${String(from.b)}
      returning name
    )
    select name, pg_notify(${channel}, ${`${name} ${formatPosition(to)}`}) from moved`.execute(db);
  return rows.length === 1;
}

export async function resetCheckpoint(trx: Transaction<ReadModelTables>, name: string, to: Position = START): Promise<void> {
  await trx
    .updateTable('projection_checkpoints')
    .set({ position_a: String(to.a), position_b: String(to.b), updated_at: new Date() })
    .where('name', '=', name)
    .execute();
}
