import { auditLog } from './audit-log/audit-log-read-model';
import type { CheckpointTables } from './checkpoints';
import { mealCatalog } from './meal-catalog/meal-catalog-read-model';
import { mealRequests } from './meal-requests/meal-requests-read-model';
import { assembleMigrations } from './migrations';
import { payments } from './payments/payments-read-model';
import type { Projection } from './projection';
import type { ReadModel } from './read-model';
import { reviews } from './reviews/reviews-read-model';
import { upcomingMeals } from './upcoming-meals/upcoming-meals-read-model';
import { users } from './users/users-read-model';

/**
 * Every read model. A new one is a folder beside these and one line here: its projection then
 * runs and rebuilds with the others, its migrations run, and its tables join `ReadModelTables`.
 * The order is the order of a migration key's steps when several read models share one key.
 */
export const readModels = [users, mealCatalog, reviews, payments, upcomingMeals, mealRequests, auditLog] as const;

type TablesOf<Model> = Model extends ReadModel<infer Tables> ? Tables : never;
type Intersection<Union> = (Union extends unknown ? (part: Union) => void : never) extends (whole: infer Whole) => void ? Whole : never;

/**
 * Every read model's tables as kysely sees them (snake_case; queries map rows to the API's
 * names), and the projector's checkpoints, which the read side reads to wait for a position.
 */
export type ReadModelTables = Intersection<TablesOf<(typeof readModels)[number]>> & CheckpointTables;

/** Every read model's projection, for the projector's runtime and `npm run rebuild`. */
export const projections: readonly Projection[] = readModels.map((readModel) => readModel.projection);

/**
 * The read models' migrations alone, the checkpoints table aside (the projector's own migrations
 * add it to the first key): what a database for the queries alone needs.
 */
export const readModelMigrations = assembleMigrations(readModels.map((readModel) => readModel.migrations));
