import { MealRequestIdParam, type MealRequestAnswer, mealRequestId, RECALL_WINDOW_MS, requesterOf, RequestMealBody } from '@hostel/contracts';
import { type Badge } from '@hostel/contracts';
import { type MealRequestCommand, mealDecider, mealRequestsDecider, mealRequestsStream, mealStream } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { findUser } from './db';
import { admin, bodyOf, handle, parse, refuse, signedIn, stateOf } from './http';

/**
 * Meal requests' commands, as command-api/src/requests/routes.ts runs them: decided by the domain's
 * mealRequestsDecider on the student's stream. What the lists and the kitchen's queue answer, each
 * test states (`answer`, `answerPages`).
 */

const answered = ({ position, ...body }: MealRequestAnswer, status = 200) => HttpResponse.json({ ...body, ...(position ? { position } : {}) }, { status });

/** Decides `command` on the stream of the student the request id names. */
function onRequest(requestId: string, command: MealRequestCommand) {
  const requester = requesterOf(requestId) ?? refuse(404, 'Request not found');
  return handle(mealRequestsDecider, mealRequestsStream(requester), command);
}

/** Whether the meal a request names is still on the menu (its stream read). */
function mealListed(requestId: string) {
  const requester = requesterOf(requestId);
  const mealId = requester && stateOf(mealRequestsDecider, mealRequestsStream(requester)).requests.find((entry) => entry.requestId === requestId)?.mealId;
  return mealId !== undefined && stateOf(mealDecider, mealStream(mealId)).status === 'listed';
}

const KITCHEN = {
  approve: { type: 'ApproveMealRequest', answer: () => ({ message: 'Request approved.', status: 'Approved' as const }) },
  serve: { type: 'ServeMealRequest', answer: () => ({ message: 'Meal marked as Delivered!', status: 'Delivered' as const }) },
  recall: { type: 'RecallMealRequest', answer: (status: 'Pending' | 'Approved' | 'Delivered') => ({ message: `Moved back to ${status}.`, status }) },
} as const;

export const requestHandlers = [
  // Who asks and what the meal is called come from the account and the meal's stream, never the body.
  http.post('/api/mealRequests', async ({ request }) => {
    const claims = signedIn(request);
    const { mealId } = parse(RequestMealBody, await bodyOf(request), 'body');
    const account = findUser(claims.email);
    const meal = stateOf(mealDecider, mealStream(mealId));
    const { state, position } = handle(mealRequestsDecider, mealRequestsStream(claims.sub), {
      type: 'RequestMeal',
      user: account && { userId: account._id, email: account.email, name: account.name, badge: (account.badge?.toLowerCase() ?? null) as Badge | null },
      meal: meal.status === 'listed' ? { mealId, title: meal.title, distributorName: meal.distributorName } : undefined,
      requestTime: new Date().toISOString(),
    });
    return answered({ _id: mealRequestId(claims.sub, state.made), message: 'Request is pending approval.', status: 'Pending', position }, 201);
  }),

  http.delete('/api/mealRequests/:id', ({ request, params }) => {
    const actorId = signedIn(request).sub;
    const { id } = parse(MealRequestIdParam, params, 'params');
    const { position } = onRequest(id, { type: 'CancelMealRequest', requestId: id, actorId });
    return answered({ message: 'Your meal request has been cancelled.', position });
  }),

  ...Object.entries(KITCHEN).map(([action, { type, answer }]) =>
    http.patch(`/api/requestedMeals/:id/${action}`, ({ request, params }) => {
      const actor = admin(request);
      const { id } = parse(MealRequestIdParam, params, 'params');
      const base = { requestId: id, actorId: actor.sub, actorRole: actor.role, at: new Date().toISOString() };
      const command: MealRequestCommand =
        type === 'RecallMealRequest' ? { type, ...base, windowMs: RECALL_WINDOW_MS } : { type, ...base, mealListed: mealListed(id) };
      const { state, position } = onRequest(id, command);
      return answered({ ...answer(state.requests.find((entry) => entry.requestId === id)?.status ?? 'Pending'), position });
    }),
  ),
];
