import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AddMealBody, CommandAnswer, CreatedAnswer, MealLikeAnswer, PatchMealAnswer, PatchMealBody, ReplaceMealBody } from '@hostel/contracts';
import type { ReadModelTables } from '@hostel/read-models';
import { findMeal } from '@hostel/read-models/meal-catalog';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import { acceptImage } from '../media/image-reference';
import type { ImageSources } from '../media/image-reference';
import type { CommandTables } from '../migrations';
import { forbidden, likeMeal, mealDecider, mealStream, notFound } from '@hostel/domain';
import { commandsOn } from '../commands-on';
import { newDish } from '../media/new-dish';

const params = z.object({ id: z.uuid('Meal not found') });

/** The meal catalogue's commands: admins add, edit and delete; anyone signed in likes, once. */
export interface MealRouteDeps {
  store: EventStore;
  db: Kysely<CommandTables>;
  /** The read models: a count-only PATCH answers the catalogue's counts. */
  reads: Kysely<ReadModelTables>;
  imageSources: ImageSources;
}

/** The meal catalogue's commands: admins add, edit and delete; anyone signed in likes, once. */
export const mealRoutes: FastifyPluginAsync<MealRouteDeps> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onMeal = commandsOn(deps.store, mealStream, mealDecider);

  routes.post('/api/meals', { config: { access: 'admin' }, schema: { body: AddMealBody, response: { 201: CreatedAnswer } } }, async (request, reply) => {
    const { id: mealId, actorRole, image, distributor } = await newDish(request, request.body.image, deps, 'Please upload an image before submitting');
    const result = await onMeal(request, mealId, {
      type: 'AddMeal',
      mealId,
      actorRole,
      fields: { ...request.body, image },
      ...distributor,
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
    { config: { access: 'user' }, schema: { params, body: PatchMealBody, response: { 200: PatchMealAnswer } } },
    async (request) => {
      const { likes, reviews_count: reviews, reviewCount, ...changes } = request.body;
      if (likes !== undefined || reviews !== undefined || reviewCount !== undefined) {
        // Only counts (the schema refuses them beside an edit): the spec's client raising reviewCount after a
        // review. They are the server's own, so nothing changes; the answer says what they are.
        const meal = await findMeal(deps.reads, request.params.id);
        if (!meal) throw notFound('Meal not found');
        return {
          message: 'Likes and review counts are kept by the server: nothing was changed.',
          likes: meal.likes,
          reviews_count: meal.reviews_count,
          reviewCount: meal.reviewCount,
        };
      }
      const actor = actorOf(request);
      if (actor.role !== 'admin') throw forbidden('Only admins can do that');
      if (changes.image !== undefined) changes.image = await acceptImage(deps.db, changes.image, deps.imageSources, 'Please upload an image before submitting');
      const result = await onMeal(request, request.params.id, { type: 'EditMeal', mealId: request.params.id, actorRole: actor.role, changes });
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
