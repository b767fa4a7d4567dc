import type { ApiClient } from '@/lib/api-client';
import { useCommand } from '@/lib/use-command';

/** `DELETE /api/reviews/{id}`: the author's own, or any for an admin. */
export function deleteReview(api: ApiClient, id: string) {
  return api.delete(`/api/reviews/${encodeURIComponent(id)}`);
}

export function useDeleteReview() {
  // The lists and the meal's review count change.
  return useCommand(deleteReview, () => [['reviews'], ['meal'], ['meals']]);
}
