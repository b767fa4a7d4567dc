import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { AdminMealRequestsQuery, MyMealRequestsQuery } from '@hostel/contracts';
import type { MealRequestDto, ReadModelTables } from '@hostel/contracts';
import { actorOf, forbidden } from '@hostel/platform/http';
import { likePattern } from '../like-pattern';

const reads = ['meal-requests', 'meal-catalog'] as const;

/** Requests with their meal's current likes and review count (a deleted meal counts 0). */
function requestsWithMeal(db: Kysely<ReadModelTables>) {
  return db
    .selectFrom('meal_requests')
    .leftJoin('meals', 'meals.id', 'meal_requests.meal_id')
    .selectAll('meal_requests')
    .select([sql<number>`coalesce(meals.likes, 0)`.as('meal_likes'), sql<number>`coalesce(meals.reviews_count, 0)`.as('meal_reviews_count')]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsWithMeal>['execute']>>[number];
const toDto = (row: RequestRow): MealRequestDto => ({
  _id: row.id,
  userName: row.user_name,
  userEmail: row.user_email,
  userBadge: row.user_badge,
  mealId: row.meal_id,
  mealTitle: row.meal_title,
  distributorName: row.distributor_name,
  status: row.status,
  requestTime: row.request_time.toISOString(),
  mealLikes: Number(row.meal_likes),
  mealReviewCount: Number(row.meal_reviews_count),
});

/** My Requested Meals and the meal page (one student's), and the admins' Serve Meals queue (everyone's). */
export function mealRequestQueryRoutes(app: FastifyInstance, deps: { db: Kysely<ReadModelTables> }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  routes.get('/api/mealRequests', { config: { access: 'user', reads }, schema: { querystring: MyMealRequestsQuery } }, async (request, reply) => {
    const actor = actorOf(request);
    const { userEmail, mealId, skip, limit } = request.query;
    if (actor.role !== 'admin' && userEmail !== actor.email.toLowerCase()) throw forbidden('You can only see your own requests');
    let rows = requestsWithMeal(db).where(sql`lower(meal_requests.user_email)`, '=', userEmail);
    let count = db.selectFrom('meal_requests').where(sql`lower(user_email)`, '=', userEmail);
    if (mealId) {
      rows = rows.where('meal_requests.meal_id', '=', mealId);
      count = count.where('meal_id', '=', mealId);
    }
    const [page, total] = await Promise.all([
      rows.orderBy('meal_requests.request_time', 'desc').orderBy('meal_requests.id', 'desc').offset(skip).limit(limit).execute(),
      count.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ]);
    reply.header('x-total-count', String(total.count));
    return page.map(toDto);
  });

  routes.get('/api/requestedMeals/admin', { config: { access: 'admin', reads }, schema: { querystring: AdminMealRequestsQuery } }, async (request, reply) => {
    const { search, skip, limit } = request.query;
    let rows = requestsWithMeal(db);
    let count = db.selectFrom('meal_requests');
    if (search) {
      const pattern = likePattern(search);
      rows = rows.where((where) => where.or([where('meal_requests.user_email', 'ilike', pattern), where('meal_requests.user_name', 'ilike', pattern)]));
      count = count.where((where) => where.or([where('user_email', 'ilike', pattern), where('user_name', 'ilike', pattern)]));
    }
    const [page, total] = await Promise.all([
      rows.orderBy('meal_requests.request_time', 'desc').orderBy('meal_requests.id', 'desc').offset(skip).limit(limit).execute(),
      count.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ]);
    reply.header('x-total-count', String(total.count));
    return page.map(toDto);
  });
}
