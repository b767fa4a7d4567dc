import { CommandAnswer } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `PATCH /users/admin/{id}` (admin): makes the user an admin. */
export async function promoteUser(api: ApiClient, userId: string) {
  return CommandAnswer.parse((await api.patch(`/users/admin/${encodeURIComponent(userId)}`)) ?? {});
}

export function usePromoteUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => promoteUser(api, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
