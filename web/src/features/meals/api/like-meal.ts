import type { ApiClient } from '@/lib/api-client';
import { loadSchemas } from '@/lib/schemas';
import { useCommand } from '@/lib/use-command';

/** `PATCH /api/meals/{id}/like`: the server knows who likes from the token; a repeat changes nothing. */
export async function likeMeal(api: ApiClient, id: string) {
  const [schemas, answer] = await Promise.all([loadSchemas(), api.patch(`/api/meals/${encodeURIComponent(id)}/like`)]);
  return schemas.MealLikeAnswer.parse(answer);
}

export function useLikeMeal(id: string) {
  return useCommand(
    (api) => likeMeal(api, id),
    () => [['meal', id], ['meals']],
  );
}
