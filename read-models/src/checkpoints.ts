import { sql } from 'kysely';
import type { Kysely } from 'kysely';
/**
 * How far each projection has got. The projector creates this table (its migrations) and moves
 * it with each batch; the read side reads it to wait for a position (`X-Min-Position`).
 */
export interface ProjectionCheckpointsTable {
  name: string;
  /** The position's two halves (see the event-store port), as bigint strings. */
  position_a: string;
  position_b: string;
  updated_at: Date;
}

export interface CheckpointTables {
  projection_checkpoints: ProjectionCheckpointsTable;
}

/** Channel the projector notifies after each committed batch (payload: `<projection> <position>`). */
export const CHECKPOINT_CHANNEL = 'projection_checkpoints';

/** How far a projection has got, as the event store writes a position (`a/b`); null before its first batch. */
export async function checkpointOf<Tables extends CheckpointTables>(db: Kysely<Tables>, projection: string): Promise<string | null> {
  const { rows } = await sql<Pick<ProjectionCheckpointsTable, 'position_a' | 'position_b'>>`
    select position_a, position_b from projection_checkpoints where name = ${projection}`.execute(db);
  const row = rows[0];
  return row ? `${row.position_a}/${row.position_b}` : null;
}
