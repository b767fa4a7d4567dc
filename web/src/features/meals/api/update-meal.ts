import { CommandAnswer } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { useCommand } from '@/lib/use-command';

/** The Update modal's four fields (`PUT` replaces all of them). */
export interface MealUpdate {
  title: string;
  distributorName: string;
  rating: number;
  price: number;
}

/** `PUT /api/meals/{id}` (admin). */
export async function updateMeal(api: ApiClient, id: string, update: MealUpdate) {
  return CommandAnswer.parse(await api.put(`/api/meals/${encodeURIComponent(id)}`, update));
}

export function useUpdateMeal() {
  // The lists, the meal's own page, and the review tables, which show the meal's current title.
  return useCommand(
    (api, { id, update }: { id: string; update: MealUpdate }) => updateMeal(api, id, update),
    ({ id }) => [['meals'], ['meal', id], ['reviews']],
  );
}
