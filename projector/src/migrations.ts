import { assembleMigrations, readModels } from '@hostel/read-models';
import type { MigrationSteps } from '@hostel/read-models';

/** The projector's own table: each projection's checkpoint. Frozen in time: never import app code here. */
const checkpointsMigrations: MigrationSteps = {
  '2026-11-21-checkpoints-and-users': [
    `create table if not exists projection_checkpoints (
      name text primary key,
      position_a bigint not null,
      position_b bigint not null,
      updated_at timestamptz not null
    )`,
  ],
};

/**
 * What the projector migrates (bookkeeping table `projector_migrations`): its checkpoints, then
 * every read model's tables (each read model's folder holds its steps). The keys are the history's:
 * a database that ran them runs nothing again.
 */
export const projectorMigrations = assembleMigrations([checkpointsMigrations, ...readModels.map((readModel) => readModel.migrations)]);
