import type { MealDto, MealsQuery } from '@hostel/contracts';
import { ALL_MEALS_PAGE_SIZE } from '@hostel/contracts/plain';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { getPage, type Page } from '@/lib/get-page';
import { loadSchemas } from '@/lib/schemas';

/** What a list of meals is narrowed and ordered by (`GET /api/meals` without the paging). */
export type MealsFilter = Partial<Omit<MealsQuery, 'skip' | 'limit'>>;

export type MealsPage = Page<MealDto>;

/** SPEC section 9: meal lists stay fresh for 5 minutes; live pushes invalidate them sooner. */
const MEALS_STALE_MS = 5 * 60_000;

/** `GET /api/meals`: one page of meals matching the filter, with the total. */
export function getMeals(api: ApiClient, filter: MealsFilter, skip: number, limit: number): Promise<MealsPage> {
  return getPage(
    api,
    '/api/meals',
    loadSchemas().then((schemas) => schemas.MealDto),
    { query: filter, skip, limit },
  );
}

/** A numbered page (the admin table, the home cards). Keys start with 'meals' so catalogue pushes refresh them. */
export function mealsQueryOptions(api: ApiClient, filter: MealsFilter, page: number, pageSize: number) {
  return queryOptions({
    queryKey: ['meals', 'page', filter, page, pageSize],
    queryFn: () => getMeals(api, filter, page * pageSize, pageSize),
    staleTime: MEALS_STALE_MS,
  });
}

export function useMeals(filter: MealsFilter, { page = 0, pageSize }: { page?: number; pageSize: number }) {
  const api = useApi();
  // Keep the current page on screen while the next one loads.
  return useQuery({ ...mealsQueryOptions(api, filter, page, pageSize), placeholderData: keepPreviousData });
}

/**
 * The all-meals grid: pages of 9 fetched by `skip`. A next page exists while the last one was
 * full and the total is not reached; the next skip is the count already loaded (SPEC section 4).
 */
export function infiniteMealsQueryOptions(api: ApiClient, filter: MealsFilter) {
  return infiniteQueryOptions({
    queryKey: ['meals', 'infinite', filter],
    queryFn: ({ pageParam }) => getMeals(api, filter, pageParam, ALL_MEALS_PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.items.length, 0);
      return last.items.length === 0 || loaded >= last.total ? undefined : loaded;
    },
    staleTime: MEALS_STALE_MS,
  });
}

export function useInfiniteMeals(filter: MealsFilter) {
  const api = useApi();
  return useInfiniteQuery(infiniteMealsQueryOptions(api, filter));
}
