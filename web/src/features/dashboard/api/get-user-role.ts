import { type Role, UserDto } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

// A record without a role is a plain user (SPEC section 3).
const RoleAnswer = z.object({ role: UserDto.shape.role.optional().default('user') });

/** `GET /api/users?email=`: the user's role, as the read model knows it now. */
export async function getUserRole(api: ApiClient, email: string): Promise<Role> {
  return RoleAnswer.parse(await api.get('/api/users', { query: { email } })).role;
}

export function userRoleQueryOptions(api: ApiClient, email: string) {
  // Under 'user' so that the live `changed {resource: 'user'}` push refreshes it.
  return queryOptions({ queryKey: ['user', email, 'role'], queryFn: () => getUserRole(api, email) });
}

export function useUserRole(email: string | null | undefined) {
  const api = useApi();
  return useQuery({ ...userRoleQueryOptions(api, email ?? ''), enabled: Boolean(email), staleTime: 0 });
}
