import { AuthConfigAnswer } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `GET /api/auth/config`: which sign-in methods this server offers. */
export async function getAuthConfig(api: ApiClient): Promise<AuthConfigAnswer> {
  return AuthConfigAnswer.parse(await api.get('/api/auth/config', { auth: false }));
}

export function authConfigQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['auth-config'], queryFn: () => getAuthConfig(api), staleTime: Infinity });
}

export function useAuthConfig() {
  const api = useApi();
  return useQuery(authConfigQueryOptions(api));
}
