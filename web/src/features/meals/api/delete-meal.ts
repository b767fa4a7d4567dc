import { CommandAnswer } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { useCommand } from '@/lib/use-command';

/** `DELETE /api/meals/{id}` (admin). */
export async function deleteMeal(api: ApiClient, id: string) {
  return CommandAnswer.parse(await api.delete(`/api/meals/${encodeURIComponent(id)}`));
}

export function useDeleteMeal() {
  // The lists lose it, its page now answers 404, and the review tables' counts for it change.
  return useCommand(deleteMeal, (id: string) => [['meals'], ['meal', id], ['reviews']]);
}
