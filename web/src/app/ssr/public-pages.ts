import type { QueryClient } from '@tanstack/react-query';
import { infiniteMealsQueryOptions } from '@/features/meals/api/get-meals';
import { mealQueryOptions } from '@/features/meals/api/get-meal';
import { initialMealsFilter } from '@/features/meals/components/all-meals';
import { homeMealsQueryOptions } from '@/features/meals/components/category-browser';
import { mealReviewsQueryOptions } from '@/features/reviews/api/get-meal-reviews';
import type { ApiClient } from '@/lib/api-client';

/**
 * The pages a link from anywhere opens on and that read nothing private: the server renders them with
 * their data, and the browser hydrates them (read-api/src/web-app.ts). Every other path gets the app's
 * empty page and renders in the browser.
 */
export const PUBLIC_PAGE = /^\/(?:|allmeals|meal\/[^/]+)\/?$/i;

/**
 * Reads into `queryClient` what the page at `url` shows first, under the keys its screens read, as a
 * visitor would see it (the server does not know the reader; reads that depend on them are keyed by
 * viewer and read again in the browser once the session is known, lib/viewer.ts). A read that fails
 * is left out: the browser then reads it as it would without the server.
 */
export async function prefetchPublicPage(url: URL, queryClient: QueryClient, api: ApiClient): Promise<void> {
  const meal = /^\/meal\/([^/]+)\/?$/i.exec(url.pathname)?.[1];
  if (meal !== undefined) {
    const id = decodeURIComponent(meal);
    await Promise.all([queryClient.prefetchQuery(mealQueryOptions(api, id, { viewer: null })), queryClient.prefetchQuery(mealReviewsQueryOptions(api, id))]);
  } else if (/^\/allmeals\/?$/i.test(url.pathname)) {
    await queryClient.prefetchInfiniteQuery(infiniteMealsQueryOptions(api, initialMealsFilter(url.searchParams)));
  } else {
    await queryClient.prefetchQuery(homeMealsQueryOptions(api));
  }
  // Left out, not kept as an error: the state sent to the browser holds only answers (dehydrate), so
  // the browser's first render finds the read missing; drawn here with it missing too, both say it is loading.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
}
