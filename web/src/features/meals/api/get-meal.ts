import { MealDto } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `GET /api/meals/{id}`: one meal with its counts and whether the caller liked it. */
export async function getMeal(api: ApiClient, id: string): Promise<MealDto> {
  return MealDto.parse(await api.get(`/api/meals/${encodeURIComponent(id)}`));
}

/** Under 'meal', so the `changed {resource: 'meal'}` push of its room refreshes it. */
export function mealQueryOptions(api: ApiClient, id: string) {
  return queryOptions({ queryKey: ['meal', id], queryFn: () => getMeal(api, id) });
}

export function useMeal(id: string) {
  const api = useApi();
  return useQuery(mealQueryOptions(api, id));
}
