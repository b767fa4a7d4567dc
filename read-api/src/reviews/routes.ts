import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ErrorAnswer, MealReviewDto, MealReviewsParams, MealReviewsQuery, ReviewsQuery } from '@hostel/contracts';
import type { AccessClaims, ReviewDto } from '@hostel/contracts';
import { actorOf } from '@hostel/platform/http';
import { MEAL_CATALOG } from '@hostel/read-models/meal-catalog';
import { listMealReviews, listReviews, REVIEWS } from '@hostel/read-models/reviews';
import type { ReadModelTables } from '@hostel/read-models';
import { readErrors } from '../error-answers';
import { forbidden } from '@hostel/domain';

/** The reviews' queries read the meal catalogue too (each review's meal title and counts). */
const reads = [REVIEWS, MEAL_CATALOG];

/** Who wrote a review by email is shown only to admins and to the review's author. */
function asSeenBy(viewer: AccessClaims | null) {
  return ({ authorId, review }: { authorId: string; review: ReviewDto }): MealReviewDto => {
    const { userEmail, ...rest } = review;
    return viewer && (viewer.role === 'admin' || viewer.sub === authorId) ? { ...rest, userEmail } : rest;
  };
}

export const reviewQueryRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables> }> = async (app, { db }) => {
  // Anyone may read a meal's reviews.
  app.get(
    '/api/reviews/:mealId',
    {
      config: { access: 'public', reads },
      schema: { params: MealReviewsParams, querystring: MealReviewsQuery, response: { 200: z.array(MealReviewDto), ...readErrors } },
    },
    async (request, reply) => {
      const { items, total } = await listMealReviews(db, request.params.mealId, request.query);
      reply.header('x-total-count', String(total));
      return items.map(asSeenBy(request.actor));
    },
  );

  // Every review to anyone signed in (the spec's client reads them all and picks its user's own); a
  // list by one author's email only for that author or an admin, since the email is theirs to show.
  app.get(
    '/api/reviews',
    {
      config: { access: 'user', reads },
      schema: { querystring: ReviewsQuery, response: { 200: z.array(MealReviewDto), ...readErrors, 403: ErrorAnswer } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { userEmail } = request.query;
      if (userEmail !== undefined && actor.role !== 'admin' && userEmail !== actor.email.toLowerCase()) throw forbidden('You can only see your own reviews');
      const { items, total } = await listReviews(db, request.query);
      reply.header('x-total-count', String(total));
      return items.map(asSeenBy(actor));
    },
  );
};
