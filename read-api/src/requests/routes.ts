import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AdminMealRequestsQuery, ErrorAnswer, MealRequestDto, MyMealRequestsQuery } from '@hostel/contracts';
import { actorOf } from '@hostel/platform/http';
import { MEAL_CATALOG } from '@hostel/read-models/meal-catalog';
import { listMealRequests, listMealRequestsOf, MEAL_REQUESTS } from '@hostel/read-models/meal-requests';
import type { ReadModelTables } from '@hostel/read-models';
import { readErrors } from '../error-answers';
import { forbidden } from '@hostel/domain';

/** The requests' queries read the meal catalogue too (each request's meal counts). */
const reads = [MEAL_REQUESTS, MEAL_CATALOG];
const response = { 200: z.array(MealRequestDto), ...readErrors, 403: ErrorAnswer };

/** My Requested Meals and the meal page (one student's), and the admins' Serve Meals queue (everyone's). */
export const mealRequestQueryRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables> }> = async (app, { db }) => {
  app.get('/api/mealRequests', { config: { access: 'user', reads }, schema: { querystring: MyMealRequestsQuery, response } }, async (request, reply) => {
    const actor = actorOf(request);
    if (actor.role !== 'admin' && request.query.userEmail !== actor.email.toLowerCase()) throw forbidden('You can only see your own requests');
    const { items, total } = await listMealRequestsOf(db, request.query);
    reply.header('x-total-count', String(total));
    return items;
  });

  app.get(
    '/api/requestedMeals/admin',
    { config: { access: 'admin', reads }, schema: { querystring: AdminMealRequestsQuery, response } },
    async (request, reply) => {
      const { items, total } = await listMealRequests(db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
};
