import type { MealCategory } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

const CommandAnswer = z.object({ message: z.string().optional(), position: z.string().optional() });

export interface NewMeal {
  title: string;
  category: MealCategory;
  image: string;
  /** The form's comma-separated text; the server splits and trims it. */
  ingredients: string;
  description: string;
  price: number;
}

export interface MealUpdate {
  title: string;
  distributorName: string;
  rating: number;
  price: number;
}

const mealPath = (id: string) => `/api/meals/${encodeURIComponent(id)}`;

/** `POST /api/meals` (admin): the server adds the distributor, post time, rating 0 and zero counts. */
export const addMeal = async (api: ApiClient, meal: NewMeal) => CommandAnswer.parse(await api.post('/api/meals', meal));
/** `PUT /api/meals/{id}` (admin): the Update modal's four fields. */
export const updateMeal = async (api: ApiClient, id: string, update: MealUpdate) => CommandAnswer.parse(await api.put(mealPath(id), update));
/** `DELETE /api/meals/{id}` (admin). */
export const deleteMeal = async (api: ApiClient, id: string) => CommandAnswer.parse(await api.delete(mealPath(id)));

/** The admin's meal commands; each refreshes the catalogue lists and the meal itself. */
export function useManageMeals() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(['meals', 'meal'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
  return {
    add: useMutation({ mutationFn: (meal: NewMeal) => addMeal(api, meal), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, update }: { id: string; update: MealUpdate }) => updateMeal(api, id, update), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => deleteMeal(api, id), onSuccess: refresh }),
  };
}
