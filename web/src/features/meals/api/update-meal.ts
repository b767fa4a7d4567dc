import { CommandAnswer } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

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
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: MealUpdate }) => updateMeal(api, id, update),
    // The lists, the meal's own page, and the review tables, which show the meal's current title.
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['meals'] }),
        queryClient.invalidateQueries({ queryKey: ['meal', id] }),
        queryClient.invalidateQueries({ queryKey: ['reviews'] }),
      ]),
  });
}
