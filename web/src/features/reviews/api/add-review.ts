import type { ApiClient } from '@/lib/api-client';
import { loadSchemas } from '@/lib/schemas';
import { useCommand } from '@/lib/use-command';

/** `POST /api/reviews`: the author's name and email come from their account, the counts from the projector. */
export async function addReview(api: ApiClient, body: { mealId: string; review: string }) {
  const [schemas, answer] = await Promise.all([loadSchemas(), api.post('/api/reviews', body)]);
  return schemas.CreatedAnswer.parse(answer);
}

export function useAddReview(mealId: string) {
  // The meal's review count moves too.
  return useCommand(
    (api, review: string) => addReview(api, { mealId, review }),
    () => [['reviews'], ['meal', mealId]],
  );
}
