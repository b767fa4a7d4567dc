import type { Badge, EventOf, Role } from '@hostel/contracts';
import { mealRequestId, streamName } from '@hostel/contracts';
import { conflict, forbidden, notFound } from '../kernel/errors';
import type { Decider } from '../kernel/decider';

export type MealRequestEvent = EventOf<'MealRequested'> | EventOf<'MealRequestServed'> | EventOf<'MealRequestCancelled'>;

/**
 * One student's meal requests (stream `request-<userId>`). Keeping them together makes "one open
 * request per meal" a rule of one stream, decided under its expected version; a request's id
 * (`<userId>.<n>`) says which stream it lives in.
 */
export interface MealRequestsState {
  /** The student, known from their first request. */
  userId: string | undefined;
  /** Requests ever made, cancelled ones included: the next one is number `made + 1`. */
  made: number;
  /**
   * The requests not cancelled, oldest first. An array, not a map by id: it grows with every request a
   * student ever makes, and a new array of the same items is cheap to make where a new object with a
   * thousand keys is not (a fold stays well under a millisecond at a thousand requests).
   */
  requests: readonly MealRequestEntry[];
}

export interface MealRequestEntry {
  requestId: string;
  mealId: string;
  status: 'Pending' | 'Delivered';
}

const find = (state: MealRequestsState, requestId: string) => state.requests.find((request) => request.requestId === requestId);

export const mealRequestsStream = (userId: string) => streamName('request', userId);

export type MealRequestCommand =
  | {
      type: 'RequestMeal';
      /** The requester's account as it stands now; undefined when there is none. */
      user: { userId: string; email: string; name: string; badge: Badge | null } | undefined;
      /** The meal as it stands now (read from its stream); undefined when it is not listed. */
      meal: { mealId: string; title: string; distributorName: string } | undefined;
      requestTime: string;
    }
  | { type: 'ServeMealRequest'; requestId: string; actorRole: Role; servedAt: string }
  | { type: 'CancelMealRequest'; requestId: string; actorId: string };

export function evolveMealRequests(state: MealRequestsState, event: MealRequestEvent): MealRequestsState {
  switch (event.type) {
    case 'MealRequested':
      return {
        userId: event.data.userId,
        made: state.made + 1,
        requests: [...state.requests, { requestId: event.data.requestId, mealId: event.data.mealId, status: 'Pending' }],
      };
    case 'MealRequestServed':
      return {
        ...state,
        requests: state.requests.map((request) => (request.requestId === event.data.requestId ? { ...request, status: 'Delivered' } : request)),
      };
    case 'MealRequestCancelled':
      return { ...state, requests: state.requests.filter((request) => request.requestId !== event.data.requestId) };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function decide(command: MealRequestCommand, state: MealRequestsState): MealRequestEvent[] {
  switch (command.type) {
    case 'RequestMeal': {
      const { user, meal } = command;
      if (!user) throw notFound('User not found');
      if (user.badge === 'bronze') throw forbidden('You need to upgrade your membership to request meals.');
      if (!meal) throw notFound('Meal not found');
      const open = state.requests.some((request) => request.mealId === meal.mealId && request.status === 'Pending');
      if (open) throw conflict('You have already requested this meal; your request is still pending.');
      return [
        {
          type: 'MealRequested',
          data: {
            requestId: mealRequestId(user.userId, state.made + 1),
            userId: user.userId,
            userEmail: user.email,
            userName: user.name,
            userBadge: user.badge,
            mealId: meal.mealId,
            mealTitle: meal.title,
            distributorName: meal.distributorName,
            requestTime: command.requestTime,
          },
        },
      ];
    }
    case 'ServeMealRequest': {
      if (command.actorRole !== 'admin') throw forbidden('Only admins can serve meals');
      const request = find(state, command.requestId);
      if (!request || !state.userId) throw notFound('Request not found');
      if (request.status === 'Delivered') return [];
      return [{ type: 'MealRequestServed', data: { requestId: command.requestId, userId: state.userId, mealId: request.mealId, servedAt: command.servedAt } }];
    }
    case 'CancelMealRequest': {
      const request = find(state, command.requestId);
      if (!request) throw notFound('Request not found');
      if (state.userId !== command.actorId) throw forbidden('You can only cancel your own requests');
      return [{ type: 'MealRequestCancelled', data: { requestId: command.requestId, userId: command.actorId, mealId: request.mealId } }];
    }
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

export const mealRequestsDecider: Decider<MealRequestCommand, MealRequestEvent, MealRequestsState> = {
  initialState: { userId: undefined, made: 0, requests: [] },
  evolve: evolveMealRequests,
  decide,
  // A student's stream grows with every request they ever make (a thousand in a year of meals).
  snapshot: { kind: 'meal-requests@1', every: 25 },
};
