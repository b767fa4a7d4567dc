import { DASHBOARD_PAGE_SIZE, ReviewDto } from '@hostel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { getPage } from '@/lib/get-page';

/** Whose reviews: one author's (`userEmail`, trimmed and lower-cased as the server matches it), or everyone's (admins). */
export interface ReviewsScope {
  userEmail?: string;
}

/** `GET /api/reviews`: a page of reviews, newest first, each with its meal's current counts. */
export function getReviews(api: ApiClient, scope: ReviewsScope, page: number) {
  const userEmail = scope.userEmail?.trim().toLowerCase();
  return getPage(api, '/api/reviews', ReviewDto, { query: { userEmail }, skip: page * DASHBOARD_PAGE_SIZE, limit: DASHBOARD_PAGE_SIZE });
}

export function reviewsQueryOptions(api: ApiClient, scope: ReviewsScope, page: number) {
  return queryOptions({ queryKey: ['reviews', 'list', scope, page], queryFn: () => getReviews(api, scope, page) });
}

export function useReviews(scope: ReviewsScope, page: number, enabled = true) {
  const api = useApi();
  return useQuery({ ...reviewsQueryOptions(api, scope, page), enabled, placeholderData: keepPreviousData });
}
