import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddReviewBody, CommandAnswer, CreatedAnswer } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import { addReview, reviewDecider, reviewStream } from '@hostel/domain';
import { commandsOn } from '../commands-on';

/** Reviews: anyone signed in writes one (name and email from their account); the author or an admin deletes it. */
export const reviewRoutes: FastifyPluginAsync<{ store: EventStore }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onReview = commandsOn(deps.store, reviewStream, reviewDecider);

  routes.post('/api/reviews', { config: { access: 'user' }, schema: { body: AddReviewBody, response: { 201: CreatedAnswer } } }, async (request, reply) => {
    const actor = actorOf(request);
    const reviewId = crypto.randomUUID();
    const result = await addReview(
      deps.store,
      {
        reviewId,
        mealId: request.body.mealId,
        author: { userId: actor.sub, email: actor.email, name: actor.name },
        review: request.body.review,
        createdAt: new Date().toISOString(),
      },
      { actor: actor.sub, correlationId: request.id },
    );
    return reply.code(201).send({ _id: reviewId, message: 'Review added!', position: result.position });
  });

  routes.delete(
    '/api/reviews/:id',
    { config: { access: 'user' }, schema: { params: z.object({ id: z.uuid('Review not found') }), response: { 200: CommandAnswer } } },
    async (request) => {
      const actor = actorOf(request);
      const result = await onReview(request, request.params.id, {
        type: 'DeleteReview',
        reviewId: request.params.id,
        actorId: actor.sub,
        actorRole: actor.role,
      });
      return { message: 'Review has been deleted.', position: result.position };
    },
  );
};
