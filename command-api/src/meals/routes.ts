import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AddMealBody, PatchMealBody, ReplaceMealBody } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf, invalid } from '@hostel/platform/http';
import { handleCommand } from '../command-handler';
import { isStoredImage } from '../media/store-image';
import type { CommandTables } from '../migrations';
import type { MealCommand } from './meal';
import { mealDecider, mealStream } from './meal';

const params = z.object({ id: z.uuid('Meal not found') });

/** The meal catalogue's commands: admins add, edit and delete; anyone signed in likes, once. */
export function mealRoutes(app: FastifyInstance, deps: { store: EventStore; db: Kysely<CommandTables> }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const run = (request: { id: string; actor: { sub: string } | null }, mealId: string, command: MealCommand) =>
    handleCommand(deps.store, mealStream(mealId), mealDecider, command, { actor: request.actor?.sub ?? 'anonymous', correlationId: request.id });

  routes.post('/api/meals', { config: { access: 'admin' }, schema: { body: AddMealBody } }, async (request, reply) => {
    const actor = actorOf(request);
    if (!(await isStoredImage(deps.db, request.body.image))) throw invalid('Please upload an image before submitting');
    const mealId = crypto.randomUUID();
    const result = await run(request, mealId, {
      type: 'AddMeal',
      mealId,
      actorRole: actor.role,
      fields: request.body,
      distributorName: actor.name,
      distributorEmail: actor.email,
      postTime: new Date().toISOString(),
    });
    return reply.code(201).send({ _id: mealId, message: 'Your meal has been successfully added.', position: result.position });
  });

  routes.put('/api/meals/:id', { config: { access: 'admin' }, schema: { params, body: ReplaceMealBody } }, async (request) => {
    const result = await run(request, request.params.id, { type: 'EditMeal', mealId: request.params.id, actorRole: actorOf(request).role, changes: request.body });
    return { message: 'Meal updated successfully.', position: result.position };
  });

  routes.patch('/api/meals/:id', { config: { access: 'admin' }, schema: { params, body: PatchMealBody } }, async (request) => {
    const { likes: _likes, reviews_count: _reviews, reviewCount: _count, ...changes } = request.body;
    const result = await run(request, request.params.id, { type: 'EditMeal', mealId: request.params.id, actorRole: actorOf(request).role, changes });
    return { message: 'Meal updated successfully.', position: result.position };
  });

  routes.delete('/api/meals/:id', { config: { access: 'admin' }, schema: { params } }, async (request) => {
    const result = await run(request, request.params.id, { type: 'DeleteMeal', mealId: request.params.id, actorRole: actorOf(request).role });
    return { message: 'Meal has been deleted.', position: result.position };
  });

  // The spec's client sends { userEmail }: ignored, the token says who likes.
  routes.patch('/api/meals/:id/like', { config: { access: 'user' }, schema: { params } }, async (request) => {
    const result = await run(request, request.params.id, { type: 'LikeMeal', mealId: request.params.id, userId: actorOf(request).sub });
    return {
      liked: result.changed,
      message: result.changed ? 'Your like was recorded.' : 'You have already liked this meal.',
      position: result.position,
    };
  });
}
