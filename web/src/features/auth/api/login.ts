import { AuthAnswer, type LoginBody } from '@hostel/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi, useAuthSession } from '@/lib/auth';

/** `POST /api/auth/login`: 401 means wrong credentials, 429 too many failures; both carry a message. */
export async function login(api: ApiClient, body: LoginBody): Promise<AuthAnswer> {
  return AuthAnswer.parse(await api.post('/api/auth/login', body, { auth: false }));
}

/** Signs in with email and password; the session holds the token from then on. */
export function useLogin() {
  const api = useApi();
  const session = useAuthSession();
  return useMutation({
    mutationFn: (body: LoginBody) => login(api, body),
    onSuccess: (answer) => session.signIn(answer),
  });
}
