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
