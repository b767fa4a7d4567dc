import type { MealDto, MealRequestDto, MealReviewDto } from '@hostel/contracts';
import { answer, answerPages } from './api/server';

/**
 * For this test, the meal page of `meal` reads what is stated: the meal (`now`, at each read: the
 * test's world after a like), its reviews (newest first, as the read model answers them) and the
 * reader's requests of it; none unless given.
 */
export function mealPageAnswers(
  meal: MealDto,
  { now = () => meal, reviews = () => [], requests = [] }: { now?: () => MealDto; reviews?: () => MealReviewDto[]; requests?: MealRequestDto[] } = {},
) {
  answer(`/api/meals/${meal._id}`, now);
  answerPages(`/api/reviews/${meal._id}`, () => reviews());
  answerPages('/api/mealRequests', requests);
}
