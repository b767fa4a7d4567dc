import { CreatedAnswer } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `POST /api/reviews`: the author's name and email come from their account, the counts from the projector. */
export async function addReview(api: ApiClient, body: { mealId: string; review: string }) {
  return CreatedAnswer.parse(await api.post('/api/reviews', body));
}

export function useAddReview(mealId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: string) => addReview(api, { mealId, review }),
    // The meal's review count moves too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['reviews'] }), queryClient.invalidateQueries({ queryKey: ['meal', mealId] })]),
  });
}
