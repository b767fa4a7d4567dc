import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { UpcomingMealsQuery } from '@hostel/contracts';
import type { ReadModelTables, UpcomingMealDto, UpcomingMealsTable } from '@hostel/contracts';

const reads = ['upcoming-meals'] as const;

/**
 * Upcoming meals with their like counts. Who liked is never shown to others: a signed-in caller learns
 * only whether they did (`likedByMe`, and their own email in `likedUsers`).
 */
export function upcomingQueryRoutes(app: FastifyInstance, deps: { db: Kysely<ReadModelTables> }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  routes.get('/api/upcomingMeals', { config: { access: 'public', reads }, schema: { querystring: UpcomingMealsQuery } }, async (request, reply) => {
    const { sort, skip, limit } = request.query;
    const caller = request.actor;
    const ordered = sort === 'likes' ? db.selectFrom('upcoming_meals').orderBy('likes', 'desc') : db.selectFrom('upcoming_meals').orderBy('added_at', 'desc');
    const [rows, total] = await Promise.all([
      ordered
        .orderBy('id', 'desc')
        .selectAll('upcoming_meals')
        .select(
          caller
            ? sql<boolean>`exists (select 1 from upcoming_likes where upcoming_likes.upcoming_id = upcoming_meals.id and upcoming_likes.user_id = ${caller.sub})`.as('liked_by_me')
            : sql<boolean>`false`.as('liked_by_me'),
        )
        .offset(skip)
        .limit(limit)
        .execute(),
      db.selectFrom('upcoming_meals').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ]);
    reply.header('x-total-count', String(total.count));
    return rows.map((row: UpcomingMealsTable & { liked_by_me: boolean }): UpcomingMealDto => ({
      _id: row.id,
      title: row.title,
      category: row.category,
      image: row.image,
      ingredients: row.ingredients,
      description: row.description,
      price: Number(row.price),
      distributorName: row.distributor_name,
      distributorEmail: row.distributor_email,
      date: row.added_at.toISOString(),
      likes: row.likes,
      likedByMe: row.liked_by_me,
      likedUsers: row.liked_by_me && caller ? [caller.email] : [],
      reviewCount: 0,
      rating: 0,
    }));
  });
}
