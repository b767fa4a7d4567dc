import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AdminMealRequestsQuery,
  ErrorAnswer,
  MealRequestDto,
  MyMealRequestsQuery,
  RECALL_WINDOW_MS,
  ServeQueueAnswer,
  ServeQueueQuery,
  WaitingTimes,
  WaitingTimesQuery,
} from '@hostel/contracts';
import { actorOf } from '@hostel/platform/http';
import { MEAL_CATALOG } from '@hostel/read-models/meal-catalog';
import { countServeQueue, listMealRequests, listMealRequestsOf, listServeQueue, MEAL_REQUESTS, waitingTimes } from '@hostel/read-models/meal-requests';
import { checkpointOf } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { readErrors } from '../error-answers';
import { forbidden } from '@hostel/domain';

/** The requests' queries read the meal catalogue too (each request's meal counts). */
const reads = [MEAL_REQUESTS, MEAL_CATALOG];
const response = { 200: z.array(MealRequestDto), ...readErrors, 403: ErrorAnswer };

/** "Today" unless the screen says when its day began: since the server's midnight (UTC). */
function startOfDay(since: string | undefined): Date {
  if (since) return new Date(since);
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** My Requested Meals and the meal page (one student's), the admins' Serve Meals table (everyone's) and the kitchen's queue. */
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

  app.get(
    '/api/serveQueue',
    { config: { access: 'admin', reads }, schema: { querystring: ServeQueueQuery, response: { 200: ServeQueueAnswer, ...readErrors, 403: ErrorAnswer } } },
    async (request) => {
      const { category } = request.query;
      const since = startOfDay(request.query.since);
      // Read first: the rows below hold at least what the log held up to here.
      const position = await checkpointOf(db, MEAL_REQUESTS);
      const [items, counts, waiting] = await Promise.all([
        listServeQueue(db, { category, since, recallWindowMs: RECALL_WINDOW_MS }),
        countServeQueue(db, { category, since }),
        waitingTimes(db, since),
      ]);
      return { items, counts, waiting, position };
    },
  );

  app.get(
    '/api/serveQueue/waiting',
    {
      config: { access: 'admin', reads: [MEAL_REQUESTS] },
      schema: { querystring: WaitingTimesQuery, response: { 200: WaitingTimes, ...readErrors, 403: ErrorAnswer } },
    },
    async (request) => waitingTimes(db, startOfDay(request.query.since)),
  );
};
