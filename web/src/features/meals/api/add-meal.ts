import { CreatedAnswer } from '@hostel/contracts';
import type { MealCategory } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { useCommand } from '@/lib/use-command';

export interface NewMeal {
  title: string;
  category: MealCategory;
  /** The URL the upload answered: the server accepts only images stored through it. */
  image: string;
  /** The form's comma-separated text; the server splits and trims it. */
  ingredients: string;
  description: string;
  price: number;
}

/** `POST /api/meals` (admin): the server adds the distributor, post time, rating 0 and zero counts. */
export async function addMeal(api: ApiClient, meal: NewMeal) {
  return CreatedAnswer.parse(await api.post('/api/meals', meal));
}

export function useAddMeal() {
  // A new meal can land on any list's page (home cards, Explore All Meals, the admin table).
  return useCommand(addMeal, () => [['meals']]);
}
