import type { EventOf, Role } from '@hostel/contracts';
import { streamName } from '@hostel/contracts';
import { conflict, forbidden, notFound } from '../kernel/errors';
import type { Decider } from '../kernel/decider';
import { exhaustive } from '../kernel/decider';

export type ReviewEvent = EventOf<'ReviewAdded'> | EventOf<'ReviewDeleted'>;

export type ReviewState = { status: 'none' } | { status: 'posted' | 'deleted'; reviewId: string; mealId: string; authorId: string };

export const reviewStream = (reviewId: string) => streamName('review', reviewId);

export type ReviewCommand =
  | {
      type: 'AddReview';
      reviewId: string;
      /** The meal as it stands now (read from its stream by the handler); undefined when it is not listed. */
      meal: { mealId: string; title: string; distributorName: string } | undefined;
      author: { userId: string; email: string; name: string };
      review: string;
      createdAt: string;
    }
  | { type: 'DeleteReview'; reviewId: string; actorId: string; actorRole: Role };

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewAdded':
      return { status: 'posted', reviewId: event.data.reviewId, mealId: event.data.mealId, authorId: event.data.userId };
    case 'ReviewDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return exhaustive(event);
  }
}

function decide(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  switch (command.type) {
    case 'AddReview': {
      if (state.status !== 'none') throw conflict('This review already exists');
      if (!command.meal) throw notFound('Meal not found');
      const { meal, author } = command;
      return [
        {
          type: 'ReviewAdded',
          data: {
            reviewId: command.reviewId,
            mealId: meal.mealId,
            mealTitle: meal.title,
            distributorName: meal.distributorName,
            userId: author.userId,
            userEmail: author.email,
            userName: author.name,
            review: command.review,
            createdAt: command.createdAt,
          },
        },
      ];
    }
    case 'DeleteReview':
      if (state.status !== 'posted') throw notFound('Review not found');
      if (state.authorId !== command.actorId && command.actorRole !== 'admin') throw forbidden('You can only delete your own reviews');
      return [{ type: 'ReviewDeleted', data: { reviewId: state.reviewId, mealId: state.mealId } }];
    default:
      return exhaustive(command);
  }
}

export const reviewDecider: Decider<ReviewCommand, ReviewEvent, ReviewState> = { initialState: { status: 'none' }, evolve: evolveReview, decide };
