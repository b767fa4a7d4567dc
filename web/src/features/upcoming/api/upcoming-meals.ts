import { type AddUpcomingMealBody, CommandAnswer, UpcomingLikeAnswer, UpcomingMealDto } from '@hostel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { getPage } from '@/lib/get-page';
import { useCommand } from '@/lib/use-command';
import { useViewer, type Viewer } from '@/lib/viewer';

const path = (id: string) => `/api/upcomingMeals/${encodeURIComponent(id)}`;

/** `GET /api/upcomingMeals`: a page of upcoming meals with their likes (and whether I liked each). */
export function upcomingMealsQueryOptions(api: ApiClient, params: { sort?: 'likes'; page: number; pageSize: number }, viewer: Viewer) {
  return queryOptions({
    // Under 'upcomingMeals', so the `upcoming` room's pushes refresh it; per viewer, as `likedByMe` is theirs.
    queryKey: ['upcomingMeals', params, viewer],
    queryFn: () =>
      getPage(api, '/api/upcomingMeals', UpcomingMealDto, { query: { sort: params.sort }, skip: params.page * params.pageSize, limit: params.pageSize }),
  });
}

/** Waits for the session, so a member's reload never shows their likes missing. */
export function useUpcomingMeals(params: { sort?: 'likes'; page: number; pageSize: number }) {
  const api = useApi();
  const { key, ready } = useViewer();
  return useQuery({ ...upcomingMealsQueryOptions(api, params, key), enabled: ready, placeholderData: keepPreviousData });
}

/** Likes, publication and additions change the list, the catalogue (a published meal joins it) or both. */
const changed = () => [['upcomingMeals'], ['meals']];

/** `PATCH /api/upcomingMeals/{id}/like` (Silver and above): the answer says when this like published the meal. */
export function useLikeUpcomingMeal() {
  return useCommand(async (api, id: string) => UpcomingLikeAnswer.parse(await api.patch(`${path(id)}/like`)), changed);
}

/** The admin's commands: add an upcoming meal, publish one early. */
export function useManageUpcomingMeals() {
  return {
    add: useCommand(async (api, meal: z.input<typeof AddUpcomingMealBody>) => CommandAnswer.parse(await api.post('/api/upcomingMeals', meal)), changed),
    publish: useCommand(async (api, id: string) => CommandAnswer.parse(await api.patch(`${path(id)}/publish`)), changed),
  };
}
