import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ErrorAnswer, MealReviewDto, MealReviewsParams, MealReviewsQuery, ReviewDto, ReviewsQuery } from '@hostel/contracts';
import { actorOf } from '@hostel/platform/http';
import { MEAL_CATALOG } from '@hostel/read-models/meal-catalog';
import { listMealReviews, listReviews, REVIEWS } from '@hostel/read-models/reviews';
import type { ReadModelTables } from '@hostel/read-models';
import { readErrors } from '../error-answers';
import { forbidden } from '@hostel/domain';

/** The reviews' queries read the meal catalogue too (each review's meal title and counts). */
const reads = [REVIEWS, MEAL_CATALOG];

export const reviewQueryRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables> }> = async (app, { db }) => {
  app.get(
    '/api/reviews/:mealId',
    {
      config: { access: 'public', reads },
      schema: { params: MealReviewsParams, querystring: MealReviewsQuery, response: { 200: z.array(MealReviewDto), ...readErrors } },
    },
    async (request, reply) => {
      const { items, total } = await listMealReviews(db, request.params.mealId, request.query);
      reply.header('x-total-count', String(total));
      // Anyone may read a meal's reviews; who wrote them by email only admins and the author themself.
      const viewer = request.actor;
      return items.map(({ authorId, review }): MealReviewDto => {
        const { userEmail, ...rest } = review;
        return viewer && (viewer.role === 'admin' || viewer.sub === authorId) ? { ...rest, userEmail } : rest;
      });
    },
  );

  // Admins read every review; anyone else only their own, asked for with ?userEmail=.
  app.get(
    '/api/reviews',
    { config: { access: 'user', reads }, schema: { querystring: ReviewsQuery, response: { 200: z.array(ReviewDto), ...readErrors, 403: ErrorAnswer } } },
    async (request, reply) => {
      const actor = actorOf(request);
      if (actor.role !== 'admin' && request.query.userEmail !== actor.email) throw forbidden('You can only see your own reviews');
      const { items, total } = await listReviews(db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
};
