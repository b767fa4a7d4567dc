import { MealLikeAnswer } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `PATCH /api/meals/{id}/like`: the server knows who likes from the token; a repeat changes nothing. */
export async function likeMeal(api: ApiClient, id: string) {
  return MealLikeAnswer.parse(await api.patch(`/api/meals/${encodeURIComponent(id)}/like`));
}

export function useLikeMeal(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => likeMeal(api, id),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['meal', id] }), queryClient.invalidateQueries({ queryKey: ['meals'] })]),
  });
}
