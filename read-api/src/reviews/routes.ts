import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DASHBOARD_PAGE_SIZE } from '@hostel/contracts';
import type { ReadModelTables, ReviewDto } from '@hostel/contracts';
import { actorOf, forbidden } from '@hostel/platform/http';

const reads = ['reviews', 'meal-catalog'] as const;
const paging = {
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(DASHBOARD_PAGE_SIZE),
};

/** Reviews with their meal's current title and counts (what the dashboard tables show). */
function reviewsWithMeal(db: Kysely<ReadModelTables>) {
  return db
    .selectFrom('reviews')
    .leftJoin('meals', 'meals.id', 'reviews.meal_id')
    .select([
      'reviews.id',
      'reviews.meal_id',
      'reviews.distributor_name',
      'reviews.user_email',
      'reviews.user_name',
      'reviews.review',
      'reviews.created_at',
      sql<string>`coalesce(meals.title, reviews.meal_title)`.as('meal_title'),
      sql<number>`coalesce(meals.likes, 0)`.as('meal_likes'),
      sql<number>`coalesce(meals.reviews_count, 0)`.as('meal_reviews_count'),
    ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewsWithMeal>['execute']>>[number];
const toReviewDto = (row: ReviewRow): ReviewDto => ({
  _id: row.id,
  mealId: row.meal_id,
  mealTitle: row.meal_title,
  distributorName: row.distributor_name,
  userEmail: row.user_email,
  userName: row.user_name,
  review: row.review,
  createdAt: row.created_at.toISOString(),
  mealLikes: Number(row.meal_likes),
  mealReviewCount: Number(row.meal_reviews_count),
});

export function reviewQueryRoutes(app: FastifyInstance, deps: { db: Kysely<ReadModelTables> }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  routes.get(
    '/api/reviews/:mealId',
    { config: { access: 'public', reads }, schema: { params: z.object({ mealId: z.uuid('Meal not found') }), querystring: z.object(paging).partial() } },
    async (request, reply) => {
      const { skip = 0, limit = 100 } = request.query;
      const query = db.selectFrom('reviews').where('meal_id', '=', request.params.mealId);
      const [rows, total] = await Promise.all([
        reviewsWithMeal(db).where('reviews.meal_id', '=', request.params.mealId).orderBy('reviews.created_at', 'desc').orderBy('reviews.id', 'desc').offset(skip).limit(limit).execute(),
        query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      reply.header('x-total-count', String(total.count));
      return rows.map(toReviewDto);
    },
  );

  // Admins read every review; anyone else only their own, asked for with ?userEmail=.
  routes.get(
    '/api/reviews',
    { config: { access: 'user', reads }, schema: { querystring: z.object({ userEmail: z.string().trim().toLowerCase().max(254).optional(), ...paging }) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { userEmail, skip, limit } = request.query;
      if (actor.role !== 'admin' && userEmail !== actor.email) throw forbidden('You can only see your own reviews');
      let query = db.selectFrom('reviews');
      let rowsQuery = reviewsWithMeal(db);
      if (userEmail) {
        query = query.where(sql`lower(user_email)`, '=', userEmail);
        rowsQuery = rowsQuery.where(sql`lower(reviews.user_email)`, '=', userEmail);
      }
      const [rows, total] = await Promise.all([
        rowsQuery.orderBy('reviews.created_at', 'desc').orderBy('reviews.id', 'desc').offset(skip).limit(limit).execute(),
        query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      reply.header('x-total-count', String(total.count));
      return rows.map(toReviewDto);
    },
  );
}
