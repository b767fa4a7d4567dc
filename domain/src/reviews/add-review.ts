import type { EventStore } from '@hostel/eventstore';
import type { CommandContext } from '../kernel/decider';
import { handleCommand, loadState } from '../kernel/handle-command';
import { mealDecider, mealStream } from '../meals/meal';
import { reviewDecider, reviewStream } from './review';

/**
 * A review of a meal: the meal's stream is read (its title and distributor as they stand go into the
 * review; a meal that is not listed is refused, 'Meal not found'), and the review is decided on a
 * stream of its own. The review route, the demo seed and `bench:likes` all write reviews through it.
 */
export async function addReview(
  store: EventStore,
  review: { reviewId: string; mealId: string; author: { userId: string; email: string; name: string }; review: string; createdAt: string },
  context: CommandContext,
) {
  const { state: meal } = await loadState(store, mealStream(review.mealId), mealDecider);
  return handleCommand(
    store,
    reviewStream(review.reviewId),
    reviewDecider,
    {
      type: 'AddReview',
      reviewId: review.reviewId,
      meal: meal.status === 'listed' ? { mealId: meal.mealId, title: meal.title, distributorName: meal.distributorName } : undefined,
      author: review.author,
      review: review.review,
      createdAt: review.createdAt,
    },
    context,
  );
}
