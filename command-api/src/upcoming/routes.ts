import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AddUpcomingMealBody, CommandAnswer, CreatedAnswer, UPCOMING_PUBLISH_THRESHOLD, UpcomingLikeAnswer } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import type { ImageSources } from '../media/image-reference';
import type { CommandTables } from '../migrations';
import { publishUpcomingMeal, waitForListing } from './publish';
import { loadState, upcomingDecider, upcomingStream, userDecider, userStream } from '@hostel/domain';
import { commandsOn } from '../commands-on';
import { newDish } from '../media/new-dish';

const params = z.object({ id: z.uuid('Upcoming meal not found') });

/** Upcoming meals: admins add and publish; members (Silver and above) like, once; the 10th like publishes. */
export const upcomingRoutes: FastifyPluginAsync<{ store: EventStore; db: Kysely<CommandTables>; imageSources: ImageSources }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { store } = deps;
  const onUpcoming = commandsOn(store, upcomingStream, upcomingDecider);

  routes.post(
    '/api/upcomingMeals',
    { config: { access: 'admin' }, schema: { body: AddUpcomingMealBody, response: { 201: CreatedAnswer } } },
    async (request, reply) => {
      const { id: upcomingId, actorRole, image, distributor } = await newDish(request, request.body.image, deps, 'Please upload an image first.');
      const result = await onUpcoming(request, upcomingId, {
        type: 'AddUpcomingMeal',
        upcomingId,
        actorRole,
        fields: { ...request.body, image, ...distributor },
        addedAt: new Date().toISOString(),
      });
      return reply.code(201).send({ _id: upcomingId, message: 'Upcoming meal added!', position: result.position });
    },
  );

  // The spec's client sends { userEmail }: ignored, the token says who likes; the badge is read from their account.
  routes.patch('/api/upcomingMeals/:id/like', { config: { access: 'user' }, schema: { params, response: { 200: UpcomingLikeAnswer } } }, async (request) => {
    const actor = actorOf(request);
    const { state: user } = await loadState(store, userStream(actor.sub), userDecider);
    const upcomingId = request.params.id;
    const result = await onUpcoming(request, upcomingId, { type: 'LikeUpcomingMeal', upcomingId, userId: actor.sub, badge: user.exists ? user.badge : null });
    const likes = result.state.status === 'none' ? 0 : result.state.likedBy.length;
    // Only the like that brought the count to the threshold reads exactly the threshold here.
    if (likes !== UPCOMING_PUBLISH_THRESHOLD) return { message: 'Your like was recorded.', likes, published: false, position: result.position };
    // This like reached the threshold: the policy publishes it; wait (bounded) so that 'published' is true when read.
    const listed = await waitForListing(store, upcomingId);
    const position = listed ?? result.position;
    return { message: 'This meal reached 10 likes and has been published.', likes, published: true, position };
  });

  routes.patch('/api/upcomingMeals/:id/publish', { config: { access: 'admin' }, schema: { params, response: { 200: CommandAnswer } } }, async (request) => {
    const actor = actorOf(request);
    const result = await publishUpcomingMeal(store, request.params.id, actor.role, { actor: actor.sub, correlationId: request.id });
    const position = (await waitForListing(store, request.params.id)) ?? result.position;
    return { message: 'Meal published successfully', position };
  });
};
