import { MealReviewDto } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `GET /api/reviews/{mealId}`: a meal's reviews, newest first (the authors' emails only for admins and the author). */
export async function getMealReviews(api: ApiClient, mealId: string): Promise<MealReviewDto[]> {
  return z.array(MealReviewDto).parse(await api.get(`/api/reviews/${encodeURIComponent(mealId)}`));
}

/** Under 'reviews', so the `changed {resource: 'reviews'}` push of the meal's room refreshes it. */
export function mealReviewsQueryOptions(api: ApiClient, mealId: string) {
  return queryOptions({ queryKey: ['reviews', 'meal', mealId], queryFn: () => getMealReviews(api, mealId) });
}

export function useMealReviews(mealId: string) {
  const api = useApi();
  return useQuery(mealReviewsQueryOptions(api, mealId));
}
