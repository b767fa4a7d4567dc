import { DASHBOARD_PAGE_SIZE } from '@hostel/contracts/plain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { getPage } from '@/lib/get-page';
import { loadSchemas } from '@/lib/schemas';
import { SERVE_QUEUE_KEY } from './serve-queue-key';

/** Every request query sits under 'mealRequests': the projector's pushes to the student and the admins' queue invalidate it. */
const resource = 'mealRequests';
/** SPEC section 9: the admin's requested-meals list is cached 5 minutes (live pushes refresh it sooner). */
const ADMIN_LIST_STALE_MS = 5 * 60_000;

// The schemas load with the first read or command (the meal page hydrates without zod).
const requestItem = () => loadSchemas().then((schemas) => schemas.MealRequestDto);
const requestAnswer = async (answer: Promise<unknown>) => {
  const [schemas, body] = await Promise.all([loadSchemas(), answer]);
  return schemas.MealRequestAnswer.parse(body);
};

/** `GET /api/mealRequests?userEmail=`: one student's requests, newest first; with `mealId`, only that meal's. */
export function myMealRequestsQueryOptions(api: ApiClient, params: { userEmail: string; mealId?: string; page: number }) {
  const userEmail = params.userEmail.trim().toLowerCase();
  return queryOptions({
    queryKey: [resource, 'mine', { ...params, userEmail }],
    queryFn: () =>
      getPage(api, '/api/mealRequests', requestItem(), {
        query: { userEmail, mealId: params.mealId },
        skip: params.page * DASHBOARD_PAGE_SIZE,
        limit: DASHBOARD_PAGE_SIZE,
      }),
  });
}

export function useMyMealRequests(params: { userEmail: string | undefined; mealId?: string; page: number }) {
  const api = useApi();
  const { userEmail = '' } = params;
  return useQuery({ ...myMealRequestsQueryOptions(api, { ...params, userEmail }), enabled: Boolean(userEmail), placeholderData: keepPreviousData });
}

/** `GET /api/requestedMeals/admin?search=`: everyone's requests, newest first (admins). */
export function useAdminMealRequests(params: { search: string; page: number }) {
  const api = useApi();
  return useQuery({
    queryKey: [resource, 'admin', params],
    queryFn: () =>
      getPage(api, '/api/requestedMeals/admin', requestItem(), {
        query: { search: params.search || undefined },
        skip: params.page * DASHBOARD_PAGE_SIZE,
        limit: DASHBOARD_PAGE_SIZE,
      }),
    staleTime: ADMIN_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The three commands: ask for a meal, cancel one's own request, serve one (admins). Each refreshes every request list. */
export function useMealRequestCommands() {
  const api = useApi();
  const queryClient = useQueryClient();
  // The kitchen's queue (its own key, see serve-queue.ts) changes with every command too.
  const onSuccess = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: [resource] }), queryClient.invalidateQueries({ queryKey: [SERVE_QUEUE_KEY] })]);
  const path = (id: string) => encodeURIComponent(id);
  return {
    request: useMutation({ mutationFn: (mealId: string) => requestAnswer(api.post('/api/mealRequests', { mealId })), onSuccess }),
    cancel: useMutation({ mutationFn: (id: string) => requestAnswer(api.delete(`/api/mealRequests/${path(id)}`)), onSuccess }),
    serve: useMutation({ mutationFn: (id: string) => requestAnswer(api.patch(`/api/requestedMeals/${path(id)}/serve`)), onSuccess }),
  };
}
