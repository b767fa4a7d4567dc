import type { MealDto } from '@hostel/contracts';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ApiClient, ApiError } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { loadSchemas } from '@/lib/schemas';
import { useViewer, type Viewer } from '@/lib/viewer';

/** `GET /api/meals/{id}`: one meal with its counts and whether the caller liked it. */
export async function getMeal(api: ApiClient, id: string): Promise<MealDto> {
  const [schemas, answer] = await Promise.all([loadSchemas(), api.get(`/api/meals/${encodeURIComponent(id)}`)]);
  return schemas.MealDto.parse(answer);
}

/**
 * Under 'meal', so the `changed {resource: 'meal'}` push of its room refreshes it; per viewer, since
 * `likedByMe` is the caller's.
 */
export function mealQueryOptions(api: ApiClient, id: string, viewer: Viewer) {
  return queryOptions({ queryKey: ['meal', id, viewer], queryFn: () => getMeal(api, id) });
}

/**
 * Waits for the session, so a member's reload never shows their like missing. Meanwhile the page the
 * server drew (a visitor's read of the same meal) stays on screen as placeholder data
 * (`isPlaceholderData`): what depends on the viewer waits for their own answer.
 */
export function useMeal(id: string) {
  const api = useApi();
  const { key, ready } = useViewer();
  return useQuery({
    ...mealQueryOptions(api, id, key),
    enabled: ready,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === id ? previous : undefined),
  });
}

/**
 * The meal as its page shows it: what was read of it, also when a later read failed (a refetch after a
 * push: the page says so beside it), unless that read found it gone (404), which nothing read before outlives.
 */
export function mealOnShow(meal: UseQueryResult<MealDto>): MealDto | undefined {
  return meal.error instanceof ApiError && meal.error.status === 404 ? undefined : meal.data;
}
