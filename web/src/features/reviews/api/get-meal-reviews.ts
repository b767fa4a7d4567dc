import type { MealReviewDto } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { loadSchemas } from '@/lib/schemas';

/** `GET /api/reviews/{mealId}`: a meal's reviews, newest first (the authors' emails only for admins and the author). */
export async function getMealReviews(api: ApiClient, mealId: string): Promise<MealReviewDto[]> {
  const [schemas, answer] = await Promise.all([loadSchemas(), api.get(`/api/reviews/${encodeURIComponent(mealId)}`)]);
  return schemas.MealReviewList.parse(answer);
}

/** Under 'reviews', so the `changed {resource: 'reviews'}` push of the meal's room refreshes it. */
export function mealReviewsQueryOptions(api: ApiClient, mealId: string) {
  return queryOptions({ queryKey: ['reviews', 'meal', mealId], queryFn: () => getMealReviews(api, mealId) });
}

export function useMealReviews(mealId: string) {
  const api = useApi();
  return useQuery(mealReviewsQueryOptions(api, mealId));
}
