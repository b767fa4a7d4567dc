import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

const AuthConfig = z.object({ oidc: z.object({ enabled: z.boolean() }) });
export type AuthConfig = z.infer<typeof AuthConfig>;

/** `GET /api/auth/config`: which sign-in methods this server offers. */
export async function getAuthConfig(api: ApiClient): Promise<AuthConfig> {
  return AuthConfig.parse(await api.get('/api/auth/config', { auth: false }));
}

export function authConfigQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['auth-config'], queryFn: () => getAuthConfig(api), staleTime: Infinity });
}

export function useAuthConfig() {
  const api = useApi();
  return useQuery(authConfigQueryOptions(api));
}
