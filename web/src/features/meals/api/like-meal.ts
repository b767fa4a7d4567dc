import { MealLikeAnswer } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { useCommand } from '@/lib/use-command';

/** `PATCH /api/meals/{id}/like`: the server knows who likes from the token; a repeat changes nothing. */
export async function likeMeal(api: ApiClient, id: string) {
  return MealLikeAnswer.parse(await api.patch(`/api/meals/${encodeURIComponent(id)}/like`));
}

export function useLikeMeal(id: string) {
  return useCommand(
    (api) => likeMeal(api, id),
    () => [['meal', id], ['meals']],
  );
}
