/** The meal catalogue: listed meals with their like and review counts, and who liked which. Its name, tables, projection and queries. */
export { MEAL_CATALOG } from './meal-catalog-tables';
export type { MealCatalogTables, MealLikesTable, MealsTable } from './meal-catalog-tables';
export { mealCatalog } from './meal-catalog-read-model';
export { mealCatalogProjection } from './meal-catalog-projection';
export { findMeal, listMeals, prefixQuery, toMealDto } from './meal-catalog-queries';
export type { MealsFilter } from './meal-catalog-queries';
