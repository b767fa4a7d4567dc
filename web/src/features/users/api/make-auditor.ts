import { CommandAnswer } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `PATCH /users/auditor/{id}` (admin): makes the user an auditor, who reads the audit trail and changes nothing. */
export async function makeAuditor(api: ApiClient, userId: string) {
  return CommandAnswer.parse((await api.patch(`/users/auditor/${encodeURIComponent(userId)}`)) ?? {});
}

export function useMakeAuditor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => makeAuditor(api, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
