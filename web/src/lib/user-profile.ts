import type { UserDto } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApi } from './auth';
import { loadSchemas } from './schemas';

/**
 * `GET /users/{email}`: a user's own record (name, photo, badge, role). The sidebar, My Profile and
 * Admin Profile read it; the server's `changed {resource: 'user'}` push invalidates it.
 */
export async function getUserProfile(api: ApiClient, email: string): Promise<UserDto> {
  const [schemas, answer] = await Promise.all([loadSchemas(), api.get(`/users/${encodeURIComponent(email)}`)]);
  return schemas.UserDto.parse(answer);
}

export function userProfileQueryOptions(api: ApiClient, email: string) {
  return queryOptions({
    queryKey: ['user', email],
    queryFn: () => getUserProfile(api, email),
  });
}

/** Runs only when there is an email (SPEC section 5: profile lookups need a user email). */
export function useUserProfile(email: string | null | undefined) {
  const api = useApi();
  return useQuery({ ...userProfileQueryOptions(api, email ?? ''), enabled: Boolean(email) });
}
