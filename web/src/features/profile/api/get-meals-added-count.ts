import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { getPage } from '@/lib/get-page';

/** How many meals an admin added: the total of `GET /api/meals?distributorEmail=` (one row asked for, the count read). */
export async function getMealsAddedCount(api: ApiClient, email: string): Promise<number> {
  return (await getPage(api, '/api/meals', z.unknown(), { query: { distributorEmail: email }, skip: 0, limit: 1 })).total;
}

export function mealsAddedCountQueryOptions(api: ApiClient, email: string) {
  return queryOptions({ queryKey: ['meals', 'count', { distributorEmail: email }], queryFn: () => getMealsAddedCount(api, email) });
}

export function useMealsAddedCount(email: string | null | undefined) {
  const api = useApi();
  return useQuery({ ...mealsAddedCountQueryOptions(api, email ?? ''), enabled: Boolean(email) });
}
