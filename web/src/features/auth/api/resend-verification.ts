import type { CommandAnswer } from '@hostel/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { loadSchemas } from '@/lib/schemas';

/** `POST /api/auth/resend-verification`: a new link to the signed-in user's address; 429 within a minute of the last. */
export async function resendVerification(api: ApiClient): Promise<CommandAnswer> {
  const [schemas, answer] = await Promise.all([loadSchemas(), api.post('/api/auth/resend-verification')]);
  return schemas.CommandAnswer.parse(answer);
}

export function useResendVerification() {
  const api = useApi();
  return useMutation({ mutationFn: () => resendVerification(api) });
}
