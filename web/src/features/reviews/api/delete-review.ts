import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `DELETE /api/reviews/{id}`: the author's own, or any for an admin. */
export function deleteReview(api: ApiClient, id: string) {
  return api.delete(`/api/reviews/${encodeURIComponent(id)}`);
}

export function useDeleteReview() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteReview(api, id),
    // The lists and the meal's review count change.
    onSuccess: () => Promise.all(['reviews', 'meal', 'meals'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))),
  });
}
