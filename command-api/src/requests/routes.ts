import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MealRequestIdParam, mealRequestId, requesterOf, RequestMealBody } from '@hostel/contracts';
import type { MealRequestAnswer } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf, notFound } from '@hostel/platform/http';
import { handleCommand, loadState } from '../command-handler';
import { userStream } from '../identity/user';
import { userDecider } from '../identity/user-decider';
import { mealDecider, mealStream } from '../meals/meal';
import type { MealRequestCommand } from './meal-requests';
import { mealRequestsDecider, mealRequestsStream } from './meal-requests';

/**
 * Meal requests: a student asks (not with the bronze badge; one open request per meal), cancels
 * their own, and an admin serves. Who asks, and what the meal is called, come from the event store,
 * never from the body.
 */
export function mealRequestRoutes(app: FastifyInstance, deps: { store: EventStore }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { store } = deps;

  /** Decides a command on the stream of the student the request id names. */
  async function onRequest(request: FastifyRequest, requestId: string, command: MealRequestCommand) {
    const requester = requesterOf(requestId);
    if (!requester) throw notFound('Request not found');
    const actor = actorOf(request);
    return handleCommand(store, mealRequestsStream(requester), mealRequestsDecider, command, { actor: actor.sub, correlationId: request.id });
  }

  routes.post('/api/mealRequests', { config: { access: 'user' }, schema: { body: RequestMealBody } }, async (request, reply) => {
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
    const answer: MealRequestAnswer = {
      _id: mealRequestId(actor.sub, result.state.made),
      message: 'Request is pending approval.',
      status: 'Pending',
      ...(result.position ? { position: result.position } : {}),
    };
    return reply.code(201).send(answer);
  });

  routes.delete('/api/mealRequests/:id', { config: { access: 'user' }, schema: { params: MealRequestIdParam } }, async (request): Promise<MealRequestAnswer> => {
    const { id } = request.params;
    const result = await onRequest(request, id, { type: 'CancelMealRequest', requestId: id, actorId: actorOf(request).sub });
    return { message: 'Your meal request has been cancelled.', ...(result.position ? { position: result.position } : {}) };
  });

  routes.patch('/api/requestedMeals/:id/serve', { config: { access: 'admin' }, schema: { params: MealRequestIdParam } }, async (request): Promise<MealRequestAnswer> => {
    const { id } = request.params;
    const result = await onRequest(request, id, { type: 'ServeMealRequest', requestId: id, actorRole: actorOf(request).role, servedAt: new Date().toISOString() });
    return { message: 'Meal marked as Delivered!', status: 'Delivered', ...(result.position ? { position: result.position } : {}) };
  });
}
