import { CommandAnswer } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `DELETE /api/meals/{id}` (admin). */
export async function deleteMeal(api: ApiClient, id: string) {
  return CommandAnswer.parse(await api.delete(`/api/meals/${encodeURIComponent(id)}`));
}

export function useDeleteMeal() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMeal(api, id),
    // The lists lose it, its page now answers 404, and the review tables' counts for it change.
    onSuccess: (_answer, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['meals'] }),
        queryClient.invalidateQueries({ queryKey: ['meal', id] }),
        queryClient.invalidateQueries({ queryKey: ['reviews'] }),
      ]),
  });
}
