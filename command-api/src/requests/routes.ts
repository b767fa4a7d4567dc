import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MealRequestAnswer, mealRequestId, MealRequestIdParam, RECALL_WINDOW_MS, requesterOf, RequestMealBody } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import { handleCommand, loadState, mealDecider, mealRequestsDecider, mealRequestsStream, mealStream, notFound, userDecider, userStream } from '@hostel/domain';
import type { MealRequestCommand } from '@hostel/domain';

/**
 * Meal requests: a student asks (not with the bronze badge; one open request per meal) and may
 * cancel until it is delivered; the kitchen (admins) approves, serves, and recalls a wrong tap
 * within RECALL_WINDOW_MS. Who asks, and what the meal is called, come from the event store, never
 * from the body.
 */
export const mealRequestRoutes: FastifyPluginAsync<{ store: EventStore }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { store } = deps;

  /** Decides a command on the stream of the student the request id names. */
  async function onRequest(request: FastifyRequest, requestId: string, command: MealRequestCommand) {
    const requester = requesterOf(requestId);
    if (!requester) throw notFound('Request not found');
    const actor = actorOf(request);
    return handleCommand(store, mealRequestsStream(requester), mealRequestsDecider, command, { actor: actor.sub, correlationId: request.id });
  }

  /** Whether the meal a request names is still on the menu (its stream read): the kitchen neither approves nor serves a deleted one. */
  async function mealListed(requestId: string): Promise<boolean> {
    const requester = requesterOf(requestId);
    if (!requester) return false;
    const { state } = await loadState(store, mealRequestsStream(requester), mealRequestsDecider);
    const mealId = state.requests.find((entry) => entry.requestId === requestId)?.mealId;
    return mealId !== undefined && (await loadState(store, mealStream(mealId), mealDecider)).state.status === 'listed';
  }

  routes.post(
    '/api/mealRequests',
    { config: { access: 'user' }, schema: { body: RequestMealBody, response: { 201: MealRequestAnswer } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const [{ state: user }, { state: meal }] = await Promise.all([
        loadState(store, userStream(actor.sub), userDecider),
        loadState(store, mealStream(request.body.mealId), mealDecider),
      ]);
      const result = await handleCommand(
        store,
        mealRequestsStream(actor.sub),
        mealRequestsDecider,
        {
          type: 'RequestMeal',
          user: user.exists ? { userId: user.userId, email: user.email, name: user.name, badge: user.badge } : undefined,
          meal: meal.status === 'listed' ? { mealId: meal.mealId, title: meal.title, distributorName: meal.distributorName } : undefined,
          requestTime: new Date().toISOString(),
        },
        { actor: actor.sub, correlationId: request.id },
      );
      return reply.code(201).send({
        _id: mealRequestId(actor.sub, result.state.made),
        message: 'Request is pending approval.',
        status: 'Pending' as const,
        position: result.position,
      });
    },
  );

  routes.delete(
    '/api/mealRequests/:id',
    { config: { access: 'user' }, schema: { params: MealRequestIdParam, response: { 200: MealRequestAnswer } } },
    async (request) => {
      const { id } = request.params;
      const result = await onRequest(request, id, { type: 'CancelMealRequest', requestId: id, actorId: actorOf(request).sub });
      return { message: 'Your meal request has been cancelled.', position: result.position };
    },
  );

  /** The kitchen's stage changes: one route each, the same shape. */
  const kitchen = {
    approve: { type: 'ApproveMealRequest', answer: () => ({ message: 'Request approved.', status: 'Approved' as const }) },
    serve: { type: 'ServeMealRequest', answer: () => ({ message: 'Meal marked as Delivered!', status: 'Delivered' as const }) },
    recall: {
      type: 'RecallMealRequest',
      answer: (status: 'Pending' | 'Approved' | 'Delivered') => ({ message: `Moved back to ${status}.`, status }),
    },
  } as const;
  for (const [action, { type, answer }] of Object.entries(kitchen)) {
    routes.patch(
      `/api/requestedMeals/:id/${action}`,
      { config: { access: 'admin' }, schema: { params: MealRequestIdParam, response: { 200: MealRequestAnswer } } },
      async (request) => {
        const { id } = request.params;
        const actor = actorOf(request);
        const at = new Date().toISOString();
        const base = { requestId: id, actorId: actor.sub, actorRole: actor.role, at };
        const command: MealRequestCommand =
          type === 'RecallMealRequest' ? { type, ...base, windowMs: RECALL_WINDOW_MS } : { type, ...base, mealListed: await mealListed(id) };
        const result = await onRequest(request, id, command);
        const status = result.state.requests.find((entry) => entry.requestId === id)?.status ?? 'Pending';
        return { ...answer(status), position: result.position };
      },
    );
  }
};
