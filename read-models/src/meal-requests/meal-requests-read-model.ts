import type { ReadModel } from '../read-model';
import { mealRequestsMigrations } from './meal-requests-migrations';
import { mealRequestsProjection } from './meal-requests-projection';
import type { MealRequestsTables } from './meal-requests-tables';

export const mealRequests: ReadModel<MealRequestsTables> = { projection: mealRequestsProjection, migrations: mealRequestsMigrations };
