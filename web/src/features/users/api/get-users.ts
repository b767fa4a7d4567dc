import { DASHBOARD_PAGE_SIZE, UserDto } from '@hostel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

export interface UsersPage {
  users: UserDto[];
  total: number;
}

/** `GET /users?search=&skip=&limit=` (admin): one page of users matching a name or email, total in X-Total-Count. */
export async function getUsers(api: ApiClient, { search, page }: { search: string; page: number }): Promise<UsersPage> {
  const response = await api.request('/users', {
    query: { search: search || undefined, skip: page * DASHBOARD_PAGE_SIZE, limit: DASHBOARD_PAGE_SIZE },
  });
  const users = z.array(UserDto).parse(response.data);
  const total = Number(response.headers.get('x-total-count') ?? Number.NaN);
  return { users, total: Number.isFinite(total) ? total : page * DASHBOARD_PAGE_SIZE + users.length };
}

export function usersQueryOptions(api: ApiClient, params: { search: string; page: number }) {
  return queryOptions({ queryKey: ['users', params], queryFn: () => getUsers(api, params) });
}

export function useUsers(params: { search: string; page: number }) {
  const api = useApi();
  // Keep the current page on screen while the next search or page loads.
  return useQuery({ ...usersQueryOptions(api, params), placeholderData: keepPreviousData });
}
