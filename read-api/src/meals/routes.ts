import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ErrorAnswer, MealDto, MealsQuery, MIN_POSITION_HEADER } from '@hostel/contracts';
import { findMeal, listMeals, MEAL_CATALOG } from '@hostel/read-models/meal-catalog';
import type { Page, PositionWaiter, ReadModelTables } from '@hostel/read-models';
import { readErrors } from '../error-answers';
import { createAnswerCache } from './answer-cache';
import { notFound } from '@hostel/domain';
import { absoluteImages } from '../media-urls';

const reads = [MEAL_CATALOG];

/** The catalogue over the `meals` read model: filters, indexed search, stable paging. */
export const mealQueryRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables>; waiter: PositionWaiter; mediaOrigin?: string | undefined }> = async (
  app,
  { db, waiter, mediaOrigin },
) => {
  const absolute = absoluteImages(mediaOrigin);
  const visitorsPages = createAnswerCache<Page<MealDto>>(waiter, MEAL_CATALOG);

  app.get(
    '/api/meals',
    { config: { access: 'public', reads }, schema: { querystring: MealsQuery, response: { 200: z.array(MealDto), ...readErrors } } },
    async (request, reply) => {
      const read = () => listMeals(db, request.query, request.actor?.sub);
      // A visitor's page is everyone's page; a signed-in caller's says what they liked, and a read
      // after one's own write (X-Min-Position) must see the model as it is now.
      const sharedAnswer = !request.actor && request.headers[MIN_POSITION_HEADER] === undefined;
      const { items, total } = sharedAnswer ? await visitorsPages(request.url, read) : await read();
      reply.header('x-total-count', String(total));
      return items.map(absolute);
    },
  );

  app.get(
    '/api/meals/:id',
    {
      config: { access: 'public', reads },
      schema: { params: z.object({ id: z.uuid('Meal not found') }), response: { 200: MealDto, ...readErrors, 404: ErrorAnswer } },
    },
    async (request) => {
      const meal = await findMeal(db, request.params.id, request.actor?.sub);
      if (!meal) throw notFound('Meal not found');
      return absolute(meal);
    },
  );
};
