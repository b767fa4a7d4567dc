import type { EventOf } from '@hostel/contracts';
import { streamName } from '@hostel/contracts';
import type { Decider } from '../kernel/decider';
import { notFound } from '../kernel/errors';
import type { MealState } from './meal';

export type LikeEvent = EventOf<'MealLiked'>;
export type LikeState = { liked: boolean };

/**
 * One student's like of one meal has a stream of its own (`like-<mealId>.<userId>`), at most one
 * event long: deciding a like reads that and the meal's own stream, never the other likes, so its
 * cost does not grow with the meal's popularity and likes of one meal never contend with each other.
 */
export const likeStream = (mealId: string, userId: string) => streamName('like', `${mealId}.${userId}`);

export interface LikeMeal {
  type: 'LikeMeal';
  mealId: string;
  userId: string;
  /** The meal as its own stream has it now: a like needs it listed. */
  meal: MealState;
}

function decide(command: LikeMeal, state: LikeState): LikeEvent[] {
  const { meal, userId } = command;
  if (meal.status !== 'listed') throw notFound('Meal not found');
  // Once per student, including a like the meal's stream holds (recorded before likes had streams of
  // their own, or carried over from the upcoming meal it was published from).
  if (state.liked || meal.likedBy.includes(userId)) return [];
  return [{ type: 'MealLiked', data: { mealId: meal.mealId, userId } }];
}

export const likeDecider: Decider<LikeMeal, LikeEvent, LikeState> = {
  initialState: { liked: false },
  evolve: () => ({ liked: true }),
  decide,
};
