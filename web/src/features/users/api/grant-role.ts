import { CommandAnswer } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { useCommand } from '@/lib/use-command';

/**
 * `PATCH /users/admin/{id}` or `PATCH /users/auditor/{id}` (admin): makes the user an admin, or an
 * auditor, who reads the audit trail and changes nothing.
 */
export async function grantRole(api: ApiClient, userId: string, role: 'admin' | 'auditor') {
  return CommandAnswer.parse((await api.patch(`/users/${role}/${encodeURIComponent(userId)}`)) ?? {});
}

export function useGrantRole(role: 'admin' | 'auditor') {
  return useCommand(
    (api, userId: string) => grantRole(api, userId, role),
    () => [['users']],
  );
}
