/**
 * The read side's tables as kysely sees them: written only by the projector's projections,
 * queried by the read-api. snake_case columns; the read-api maps rows to the spec's field names.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  photo: string;
  role: 'user' | 'admin';
  badge: 'bronze' | 'silver' | 'gold' | 'platinum' | null;
  registered_at: Date;
}

export interface ProjectionCheckpointsTable {
  name: string;
  /** The position's two halves (see the event-store port), as bigint strings. */
  position_a: string;
  position_b: string;
  updated_at: Date;
}

export interface ReadModelTables {
  users: UsersTable;
  projection_checkpoints: ProjectionCheckpointsTable;
}

/** Channel the projector notifies after each committed batch (payload: `<projection> <position>`). */
export const CHECKPOINT_CHANNEL = 'projection_checkpoints';
