import type { MealCategory } from '@hostel/contracts';

/** What a dish's row holds, listed in the catalogue or still on the vote. */
export interface DishColumns {
  id: string;
  title: string;
  category: MealCategory;
  image: string;
  ingredients: string[];
  description: string;
  /** numeric: arrives as a string. */
  price: string | number;
  distributor_name: string;
  distributor_email: string;
}

/** Every column of DishColumns: what a projection's insert of a dish writes, before its own. */
export const DISH_COLUMNS = ['id', 'title', 'category', 'image', 'ingredients', 'description', 'price', 'distributor_name', 'distributor_email'] as const;

/** A dish's row from the event that adds it (MealAdded, UpcomingMealAdded: the API's names), under `id`. */
export function dishColumns(id: string, dish: Omit<ReturnType<typeof toDishDto>, '_id'>): DishColumns {
  return {
    id,
    title: dish.title,
    category: dish.category,
    image: dish.image,
    ingredients: dish.ingredients,
    description: dish.description,
    price: dish.price,
    distributor_name: dish.distributorName,
    distributor_email: dish.distributorEmail,
  };
}

/** A dish's row in the API's words (the spec's camelCase names, `_id`, the price a number). */
export function toDishDto(row: DishColumns) {
  return {
    _id: row.id,
    title: row.title,
    category: row.category,
    image: row.image,
    ingredients: row.ingredients,
    description: row.description,
    price: Number(row.price),
    distributorName: row.distributor_name,
    distributorEmail: row.distributor_email,
  };
}
