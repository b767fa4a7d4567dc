import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AddMealBody, CommandAnswer, CreatedAnswer, MealLikeAnswer, PatchMealBody, ReplaceMealBody } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import { claimStoredImage } from '../media/store-image';
import type { CommandTables } from '../migrations';
import { invalid, likeMeal, mealDecider, mealStream } from '@hostel/domain';
import { commandsOn } from '../commands-on';

const params = z.object({ id: z.uuid('Meal not found') });

/** The meal catalogue's commands: admins add, edit and delete; anyone signed in likes, once. */
export const mealRoutes: FastifyPluginAsync<{ store: EventStore; db: Kysely<CommandTables> }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onMeal = commandsOn(deps.store, mealStream, mealDecider);

  routes.post('/api/meals', { config: { access: 'admin' }, schema: { body: AddMealBody, response: { 201: CreatedAnswer } } }, async (request, reply) => {
    const actor = actorOf(request);
    if (!(await claimStoredImage(deps.db, request.body.image))) throw invalid('Please upload an image before submitting');
    const mealId = crypto.randomUUID();
    const result = await onMeal(request, mealId, {
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

  routes.put(
    '/api/meals/:id',
    { config: { access: 'admin' }, schema: { params, body: ReplaceMealBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const result = await onMeal(request, request.params.id, {
        type: 'EditMeal',
        mealId: request.params.id,
        actorRole: actorOf(request).role,
        changes: request.body,
      });
      return { message: 'Meal updated successfully.', position: result.position };
    },
  );

  routes.patch(
    '/api/meals/:id',
    { config: { access: 'admin' }, schema: { params, body: PatchMealBody, response: { 200: CommandAnswer } } },
    async (request) => {
      const { likes: _likes, reviews_count: _reviews, reviewCount: _count, ...changes } = request.body;
      if (changes.image !== undefined && !(await claimStoredImage(deps.db, changes.image))) throw invalid('Please upload an image before submitting');
      const result = await onMeal(request, request.params.id, { type: 'EditMeal', mealId: request.params.id, actorRole: actorOf(request).role, changes });
      return { message: 'Meal updated successfully.', position: result.position };
    },
  );

  routes.delete('/api/meals/:id', { config: { access: 'admin' }, schema: { params, response: { 200: CommandAnswer } } }, async (request) => {
    const result = await onMeal(request, request.params.id, { type: 'DeleteMeal', mealId: request.params.id, actorRole: actorOf(request).role });
    return { message: 'Meal has been deleted.', position: result.position };
  });

  // The spec's client sends { userEmail }: ignored, the token says who likes.
  routes.patch('/api/meals/:id/like', { config: { access: 'user' }, schema: { params, response: { 200: MealLikeAnswer } } }, async (request) => {
    const result = await likeMeal(deps.store, request.params.id, actorOf(request).sub, { actor: actorOf(request).sub, correlationId: request.id });
    return {
      liked: result.changed,
      message: result.changed ? 'Your like was recorded.' : 'You have already liked this meal.',
      position: result.position,
    };
  });
};
