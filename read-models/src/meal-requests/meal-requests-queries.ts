import type { MealRequestDto } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { likePattern } from '../like-pattern';
import type { Page, Paging } from '../page';
import type { ReadModelTables } from '../read-models';

/** Requests with their meal's current likes and review count, from the meal catalogue (a deleted meal counts 0). */
function requestsWithMeal(db: Kysely<ReadModelTables>) {
  return db
    .selectFrom('meal_requests')
    .leftJoin('meals', 'meals.id', 'meal_requests.meal_id')
    .selectAll('meal_requests')
    .select([sql<number>`coalesce(meals.likes, 0)`.as('meal_likes'), sql<number>`coalesce(meals.reviews_count, 0)`.as('meal_reviews_count')]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsWithMeal>['execute']>>[number];
const toMealRequestDto = (row: RequestRow): MealRequestDto => ({
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

/**
 * My Requested Meals (and the meal page, with `mealId`): one student's requests (`userEmail` in
 * lower case; matched in any case), newest first. Reads the meal catalogue too.
 */
export async function listMealRequestsOf(
  db: Kysely<ReadModelTables>,
  filter: { userEmail: string; mealId?: string | undefined } & Paging,
): Promise<Page<MealRequestDto>> {
  const { userEmail, mealId, skip, limit } = filter;
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
  return { items: page.map(toMealRequestDto), total: Number(total.count) };
}

/**
 * Serve Meals: everyone's requests, newest first, or those whose student's email or name holds
 * `search` (in any case). Reads the meal catalogue too.
 */
export async function listMealRequests(db: Kysely<ReadModelTables>, filter: { search?: string | undefined } & Paging): Promise<Page<MealRequestDto>> {
  const { search, skip, limit } = filter;
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
  return { items: page.map(toMealRequestDto), total: Number(total.count) };
}
