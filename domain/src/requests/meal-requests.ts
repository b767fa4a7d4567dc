import type { Badge, EventOf, MealRequestStatus, Role } from '@hostel/contracts';
import { mealRequestId, streamName } from '@hostel/contracts';
import { conflict, forbidden, notFound } from '../kernel/errors';
import type { Decider } from '../kernel/decider';

export type MealRequestEvent =
  EventOf<'MealRequested'> | EventOf<'MealRequestApproved'> | EventOf<'MealRequestServed'> | EventOf<'MealRequestRecalled'> | EventOf<'MealRequestCancelled'>;

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
  status: MealRequestStatus;
  /**
   * When an admin last moved it on (Approve or Serve), while that move may still be taken back; a
   * recall clears it, so a recall is never itself recalled (the kitchen moves the request on again).
   */
  advancedAt: string | undefined;
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
  /** `mealListed`: whether the request's meal is still on the menu (read from its stream); a deleted meal is neither approved nor served. */
  | { type: 'ApproveMealRequest'; requestId: string; actorId: string; actorRole: Role; at: string; mealListed: boolean }
  | { type: 'ServeMealRequest'; requestId: string; actorId: string; actorRole: Role; at: string; mealListed: boolean }
  /** Back one stage, within `windowMs` of the move it takes back (RECALL_WINDOW_MS in the product). */
  | { type: 'RecallMealRequest'; requestId: string; actorId: string; actorRole: Role; at: string; windowMs: number }
  | { type: 'CancelMealRequest'; requestId: string; actorId: string };

export function evolveMealRequests(state: MealRequestsState, event: MealRequestEvent): MealRequestsState {
  switch (event.type) {
    case 'MealRequested':
      return {
        userId: event.data.userId,
        made: state.made + 1,
        requests: [...state.requests, { requestId: event.data.requestId, mealId: event.data.mealId, status: 'Pending', advancedAt: undefined }],
      };
    case 'MealRequestApproved':
      return withRequest(state, event.data.requestId, { status: 'Approved', advancedAt: event.data.approvedAt });
    case 'MealRequestServed':
      return withRequest(state, event.data.requestId, { status: 'Delivered', advancedAt: event.data.servedAt });
    case 'MealRequestRecalled':
      return withRequest(state, event.data.requestId, { status: event.data.to, advancedAt: undefined });
    case 'MealRequestCancelled':
      return { ...state, requests: state.requests.filter((request) => request.requestId !== event.data.requestId) };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function withRequest(state: MealRequestsState, requestId: string, change: Partial<MealRequestEntry>): MealRequestsState {
  return { ...state, requests: state.requests.map((request) => (request.requestId === requestId ? { ...request, ...change } : request)) };
}

/** The request an admin acts on, with its student: only admins move requests through the kitchen. */
function forTheKitchen(state: MealRequestsState, command: { requestId: string; actorRole: Role }, refusal: string) {
  if (command.actorRole !== 'admin') throw forbidden(refusal);
  const request = find(state, command.requestId);
  if (!request || !state.userId) throw notFound('Request not found');
  return { request, userId: state.userId };
}

/** The stage a recall goes back to. */
const previousStage = { Approved: 'Pending', Delivered: 'Approved' } as const;

function decide(command: MealRequestCommand, state: MealRequestsState): MealRequestEvent[] {
  switch (command.type) {
    case 'RequestMeal': {
      const { user, meal } = command;
      if (!user) throw notFound('User not found');
      if (user.badge === 'bronze') throw forbidden('You need to upgrade your membership to request meals.');
      if (!meal) throw notFound('Meal not found');
      const open = state.requests.find((request) => request.mealId === meal.mealId && request.status !== 'Delivered');
      if (open?.status === 'Pending') throw conflict('You have already requested this meal; your request is still pending.');
      if (open) throw conflict('You have already requested this meal; the kitchen is preparing it.');
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
    case 'ApproveMealRequest': {
      const { request, userId } = forTheKitchen(state, command, 'Only admins can approve requests');
      if (request.status === 'Delivered') throw conflict('This meal has already been delivered.');
      if (request.status === 'Approved') return [];
      if (!command.mealListed) throw conflict('This meal has been deleted from the menu: its request can no longer be approved.');
      const data = { requestId: request.requestId, userId, mealId: request.mealId, approvedAt: command.at, approvedBy: command.actorId };
      return [{ type: 'MealRequestApproved', data }];
    }
    case 'ServeMealRequest': {
      // From Pending too: a meal handed over at once needs no separate Approve.
      const { request, userId } = forTheKitchen(state, command, 'Only admins can serve meals');
      if (request.status === 'Delivered') return [];
      if (!command.mealListed) throw conflict('This meal has been deleted from the menu: its request can no longer be served.');
      const data = { requestId: request.requestId, userId, mealId: request.mealId, servedAt: command.at, servedBy: command.actorId };
      return [{ type: 'MealRequestServed', data }];
    }
    case 'RecallMealRequest': {
      const { request, userId } = forTheKitchen(state, command, 'Only admins can recall requests');
      if (request.status === 'Pending') throw conflict('There is nothing to recall: the request is still Pending.');
      // Approve and Serve always say when; only a recall leaves an Approved or Delivered request without it.
      if (request.advancedAt === undefined) throw conflict('A recall cannot itself be recalled: move the request on again (Approve or Serve) instead.');
      if (Date.parse(command.at) - Date.parse(request.advancedAt) > command.windowMs) {
        throw conflict(`Too late to recall: a stage change can be taken back within ${Math.round(command.windowMs / 60_000)} minutes.`);
      }
      const from = request.status;
      const data = {
        requestId: request.requestId,
        userId,
        mealId: request.mealId,
        from,
        to: previousStage[from],
        recalledAt: command.at,
        recalledBy: command.actorId,
      };
      return [{ type: 'MealRequestRecalled', data }];
    }
    case 'CancelMealRequest': {
      const request = find(state, command.requestId);
      if (!request) throw notFound('Request not found');
      if (state.userId !== command.actorId) throw forbidden('You can only cancel your own requests');
      if (request.status === 'Delivered') throw conflict('This meal has already been delivered; it can no longer be cancelled.');
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
  // @2: each request carries its stage and when it was moved on (a cached @1 snapshot is not read).
  snapshot: { kind: 'meal-requests@2', every: 25 },
};
