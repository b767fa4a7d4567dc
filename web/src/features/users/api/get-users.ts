import { DASHBOARD_PAGE_SIZE, UserDto } from '@hostel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { getPage, type Page } from '@/lib/get-page';

export type UsersPage = Page<UserDto>;

/** `GET /users?search=&skip=&limit=` (admin): one page of users matching a name or email, total in X-Total-Count. */
export function getUsers(api: ApiClient, { search, page }: { search: string; page: number }): Promise<UsersPage> {
  return getPage(api, '/users', UserDto, { query: { search: search || undefined }, skip: page * DASHBOARD_PAGE_SIZE, limit: DASHBOARD_PAGE_SIZE });
}

export function usersQueryOptions(api: ApiClient, params: { search: string; page: number }) {
  return queryOptions({ queryKey: ['users', params], queryFn: () => getUsers(api, params) });
}

export function useUsers(params: { search: string; page: number }) {
  const api = useApi();
  // Keep the current page on screen while the next search or page loads.
  return useQuery({ ...usersQueryOptions(api, params), placeholderData: keepPreviousData });
}
