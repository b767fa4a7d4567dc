import { CreatedAnswer } from '@hostel/contracts';
import type { MealCategory } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

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
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meal: NewMeal) => addMeal(api, meal),
    // A new meal can land on any list's page (home cards, Explore All Meals, the admin table).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['meals'] }),
  });
}
