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
