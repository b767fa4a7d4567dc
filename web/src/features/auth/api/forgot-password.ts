import { type ForgotPasswordBody, CommandAnswer } from '@hostel/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `POST /api/auth/forgot-password`: the same answer whether or not an account uses the email. */
export async function forgotPassword(api: ApiClient, body: ForgotPasswordBody): Promise<CommandAnswer> {
  return CommandAnswer.parse(await api.post('/api/auth/forgot-password', body, { auth: false }));
}

export function useForgotPassword() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => forgotPassword(api, body) });
}
