/**
 * The read models, one folder each: its name, its tables (row types and migrations), the
 * projection that writes them and the queries that read them (plain kysely functions taking `db`
 * first, answering the API's shapes). The projector runs the projections; the read-api answers
 * from the queries. `read-models.ts` lists them all; each read model's own entry point is its
 * folder: `@hostel/read-models/meal-catalog`, say.
 */
export { projections, readModelMigrations, readModels } from './read-models';
export type { ReadModelTables } from './read-models';
export type { ReadModel } from './read-model';
export type { LiveMessage, ProjectedEvent, Projection } from './projection';
export { assembleMigrations } from './migrations';
export type { MigrationSteps } from './migrations';
export { CHECKPOINT_CHANNEL, checkpointOf } from './checkpoints';
export { createPositionWaiter } from './position-waiter';
export type { PositionWaiter } from './position-waiter';
export { copyField, copyText } from './copy-rows';
export type { CheckpointTables, ProjectionCheckpointsTable } from './checkpoints';
export type { Page, Paging } from './page';
