import type { ReadModel } from '../read-model';
import { upcomingMealsMigrations } from './upcoming-meals-migrations';
import { upcomingMealsProjection } from './upcoming-meals-projection';
import type { UpcomingMealsTables } from './upcoming-meals-tables';

export const upcomingMeals: ReadModel<UpcomingMealsTables> = { projection: upcomingMealsProjection, migrations: upcomingMealsMigrations };
