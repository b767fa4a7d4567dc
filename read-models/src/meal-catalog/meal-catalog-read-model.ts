import type { ReadModel } from '../read-model';
import { mealCatalogMigrations } from './meal-catalog-migrations';
import { mealCatalogProjection } from './meal-catalog-projection';
import type { MealCatalogTables } from './meal-catalog-tables';

export const mealCatalog: ReadModel<MealCatalogTables> = { projection: mealCatalogProjection, migrations: mealCatalogMigrations };
