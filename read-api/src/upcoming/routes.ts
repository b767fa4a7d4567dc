import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { UpcomingMealDto, UpcomingMealsQuery } from '@hostel/contracts';
import { listUpcomingMeals, UPCOMING_MEALS } from '@hostel/read-models/upcoming-meals';
import type { ReadModelTables } from '@hostel/read-models';
import { readErrors } from '../error-answers';
import { absoluteImages } from '../media-urls';

const reads = [UPCOMING_MEALS];

/**
 * Upcoming meals with their like counts. Who liked is never shown to others: a signed-in caller learns
 * only whether they did (`likedByMe`, and their own email in `likedUsers`).
 */
export const upcomingQueryRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables>; mediaOrigin?: string | undefined }> = async (
  app,
  { db, mediaOrigin },
) => {
  const absolute = absoluteImages(mediaOrigin);
  app.get(
    '/api/upcomingMeals',
    { config: { access: 'public', reads }, schema: { querystring: UpcomingMealsQuery, response: { 200: z.array(UpcomingMealDto), ...readErrors } } },
    async (request, reply) => {
      const caller = request.actor;
      const { items, total } = await listUpcomingMeals(db, request.query, caller ? { id: caller.sub, email: caller.email } : undefined);
      reply.header('x-total-count', String(total));
      return items.map(absolute);
    },
  );
};
