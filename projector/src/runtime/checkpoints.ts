import type { ReadModelTables } from '@hostel/contracts';
import { START } from '@hostel/eventstore';
import type { Position } from '@hostel/eventstore';
import type { Kysely, Transaction } from 'kysely';

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

export async function resetCheckpoint(trx: Transaction<ReadModelTables>, name: string, to: Position = START): Promise<void> {
  await trx.updateTable('projection_checkpoints').set({ position_a: String(to.a), position_b: String(to.b), updated_at: new Date() }).where('name', '=', name).execute();
}
