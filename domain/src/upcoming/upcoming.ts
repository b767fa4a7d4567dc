import type { Badge, EventData, EventOf, Role } from '@hostel/contracts';
import { streamName, UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import { conflict, forbidden, notFound } from '../kernel/errors';
import type { Decider } from '../kernel/decider';
import { exhaustive } from '../kernel/decider';

export type UpcomingEvent =
  EventOf<'UpcomingMealAdded'> | EventOf<'UpcomingMealLiked'> | EventOf<'UpcomingMealThresholdReached'> | EventOf<'UpcomingMealPublished'>;

/** An upcoming meal's fields, as its UpcomingMealAdded event carries them. */
export type UpcomingFields = Omit<EventData<'UpcomingMealAdded'>, 'upcomingId' | 'addedAt'>;

export type UpcomingState =
  | { status: 'none' }
  | ({ status: 'upcoming' | 'published'; upcomingId: string; likedBy: readonly string[]; mealId?: string; publishedAt?: string } & UpcomingFields);

export const upcomingStream = (upcomingId: string) => streamName('upcoming', upcomingId);

/** Badges that may like upcoming meals: Silver and above (SPEC section 9). */
const MEMBER_BADGES: readonly Badge[] = ['silver', 'gold', 'platinum'];

export type UpcomingCommand =
  | { type: 'AddUpcomingMeal'; upcomingId: string; actorRole: Role; fields: UpcomingFields; addedAt: string }
  | { type: 'LikeUpcomingMeal'; upcomingId: string; userId: string; badge: Badge | null }
  /** By an admin at any count, or by the projector's policy at the threshold. */
  | { type: 'PublishUpcomingMeal'; upcomingId: string; actorRole: Role | 'system'; mealId: string; publishedAt: string };

export function evolveUpcoming(state: UpcomingState, event: UpcomingEvent): UpcomingState {
  switch (event.type) {
    case 'UpcomingMealAdded': {
      const { upcomingId, addedAt: _addedAt, ...fields } = event.data;
      return { status: 'upcoming', upcomingId, likedBy: [], ...fields };
    }
    case 'UpcomingMealLiked':
      return state.status === 'none' ? state : { ...state, likedBy: [...state.likedBy, event.data.userId] };
    case 'UpcomingMealThresholdReached':
      return state;
    case 'UpcomingMealPublished':
      return state.status === 'none' ? state : { ...state, status: 'published', mealId: event.data.mealId, publishedAt: event.data.publishedAt };
    default:
      return exhaustive(event);
  }
}

function decide(command: UpcomingCommand, state: UpcomingState): UpcomingEvent[] {
  switch (command.type) {
    case 'AddUpcomingMeal':
      if (command.actorRole !== 'admin') throw forbidden('Only admins can add upcoming meals');
      if (state.status !== 'none') throw conflict('This upcoming meal already exists');
      return [{ type: 'UpcomingMealAdded', data: { upcomingId: command.upcomingId, ...command.fields, addedAt: command.addedAt } }];
    case 'LikeUpcomingMeal': {
      if (state.status === 'none') throw notFound('Upcoming meal not found');
      if (state.status === 'published') throw conflict('This meal has already been published.');
      if (!command.badge || !MEMBER_BADGES.includes(command.badge)) throw forbidden('Membership Required: You need at least a Silver badge to like meals.');
      if (state.likedBy.includes(command.userId)) throw conflict('You have already liked this meal.');
      // Once the threshold is reached the meal is on its way to the catalogue: no more likes here.
      if (state.likedBy.length >= UPCOMING_PUBLISH_THRESHOLD) throw conflict('This meal has already been published.');
      const likes = state.likedBy.length + 1;
      const liked: UpcomingEvent = { type: 'UpcomingMealLiked', data: { upcomingId: state.upcomingId, userId: command.userId, likes } };
      return likes === UPCOMING_PUBLISH_THRESHOLD ? [liked, { type: 'UpcomingMealThresholdReached', data: { upcomingId: state.upcomingId, likes } }] : [liked];
    }
    case 'PublishUpcomingMeal':
      if (command.actorRole === 'user') throw forbidden('Only admins can publish upcoming meals');
      if (state.status === 'none') throw notFound('Upcoming meal not found');
      // Publishing twice (an admin and the policy, or a job run again) changes nothing.
      if (state.status === 'published') return [];
      return [{ type: 'UpcomingMealPublished', data: { upcomingId: state.upcomingId, mealId: command.mealId, publishedAt: command.publishedAt } }];
    default:
      return exhaustive(command);
  }
}

export const upcomingDecider: Decider<UpcomingCommand, UpcomingEvent, UpcomingState> = { initialState: { status: 'none' }, evolve: evolveUpcoming, decide };
