import { CommandAnswer, type VerifyEmailBody } from '@hostel/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi, useAuthSession } from '@/lib/auth';

/** `POST /api/auth/verify-email`: 400 with a message for an unknown or expired link. */
export async function verifyEmail(api: ApiClient, body: VerifyEmailBody): Promise<CommandAnswer> {
  return CommandAnswer.parse(await api.post('/api/auth/verify-email', body, { auth: false }));
}

/**
 * Verifies; a signed-in session then takes a fresh token, which says the email is verified (and carries
 * the admin role an ADMIN_EMAILS address brings).
 */
export function useVerifyEmail() {
  const api = useApi();
  const session = useAuthSession();
  return useMutation({
    mutationFn: (body: VerifyEmailBody) => verifyEmail(api, body),
    onSuccess: async () => {
      // A restore still running may have read the account before it was verified: let it end, then ask again.
      await session.restore();
      if (session.getState().status === 'signed-in') await session.refresh();
    },
  });
}
