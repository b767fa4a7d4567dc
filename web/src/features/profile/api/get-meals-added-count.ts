import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/**
 * How many meals an admin added: `GET /api/meals?distributorEmail=&limit=1`, read from X-Total-Count.
 * Until the meals endpoint exists it answers 404, which means none.
 */
export async function getMealsAddedCount(api: ApiClient, email: string): Promise<number> {
  try {
    const response = await api.request('/api/meals', { query: { distributorEmail: email, limit: 1 } });
    const total = Number(response.headers.get('x-total-count') ?? Number.NaN);
    if (Number.isFinite(total)) return total;
    return Array.isArray(response.data) ? response.data.length : 0;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 0;
    throw error;
  }
}

export function mealsAddedCountQueryOptions(api: ApiClient, email: string) {
  return queryOptions({ queryKey: ['meals', 'count', { distributorEmail: email }], queryFn: () => getMealsAddedCount(api, email) });
}

export function useMealsAddedCount(email: string | null | undefined) {
  const api = useApi();
  return useQuery({ ...mealsAddedCountQueryOptions(api, email ?? ''), enabled: Boolean(email) });
}
