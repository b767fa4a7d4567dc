import { CommandAnswer, type ResetPasswordBody } from '@hostel/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `POST /api/auth/reset-password`: 400 with a message for a used, expired or unknown link. Every session ends. */
export async function resetPassword(api: ApiClient, body: ResetPasswordBody): Promise<CommandAnswer> {
  return CommandAnswer.parse(await api.post('/api/auth/reset-password', body, { auth: false }));
}

export function useResetPassword() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ResetPasswordBody) => resetPassword(api, body) });
}
