import type { DishColumns } from '../dish';

/** The meal catalogue's name: its projection and checkpoint, what its routes wait for (`config.reads`), what `npm run rebuild` takes. */
export const MEAL_CATALOG = 'meal-catalog';

/** One row per listed meal, its like and review counts kept by the projection (never written by a client). */
export interface MealsTable extends DishColumns {
  post_time: Date;
  rating: number;
  likes: number;
  reviews_count: number;
  /** What search looks in: title, description and ingredients (`search_vector` is generated from it). */
  search_text: string;
}

/** Who liked which meal: "did I like it". */
export interface MealLikesTable {
  meal_id: string;
  user_id: string;
}

export interface MealCatalogTables {
  meals: MealsTable;
  meal_likes: MealLikesTable;
}
