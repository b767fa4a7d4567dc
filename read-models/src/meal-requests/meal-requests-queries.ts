import { badgeName, TIMED_WAIT_MIN_MS } from '@hostel/contracts';
import type { MealCategory, MealRequestDto, ServeQueueAnswer, ServeQueueItem, WaitingTimes } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { likePattern } from '../like-pattern';
import type { Page, Paging } from '../page';
import type { ReadModelTables } from '../read-models';
import { recallableUntil } from './recall';

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
  userBadge: row.user_badge && badgeName(row.user_badge),
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

/**
 * The kitchen's queue: what is still to do (Pending, Approved) oldest first, then what was Delivered
 * within the recall window, newest delivery first; each with its meal's category now (`category`
 * filters), and its ticket: its place among the requests made since `since` (the kitchen's
 * midnight), cancelled ones counted, so a number never changes (null for an older request). At
 * most `limit` open requests: a queue longer than a screen is a kitchen in trouble, and its counts
 * still say how long it is.
 */
export async function listServeQueue(
  db: Kysely<ReadModelTables>,
  filter: { category?: MealCategory | undefined; recallWindowMs: number; since?: Date | undefined; now?: Date; limit?: number },
): Promise<ServeQueueItem[]> {
  const { category, recallWindowMs, now = new Date(), limit = 500 } = filter;
  const recallableSince = new Date(now.getTime() - recallWindowMs);
  const since = filter.since ?? new Date(now.getTime() - 24 * 60 * 60 * 1000);
  let rows = db.selectFrom('meal_requests').leftJoin('meals', 'meals.id', 'meal_requests.meal_id').selectAll('meal_requests').select('meals.category');
  if (category) rows = rows.where('meals.category', '=', category);
  const [open, delivered, numbered] = await Promise.all([
    rows.where('meal_requests.status', '<>', 'Delivered').orderBy('meal_requests.request_time').orderBy('meal_requests.id').limit(limit).execute(),
    rows
      .where('meal_requests.status', '=', 'Delivered')
      .where('meal_requests.served_at', '>', recallableSince)
      .orderBy('meal_requests.served_at', 'desc')
      .execute(),
    db
      .selectFrom('meal_request_tickets')
      .where('request_time', '>=', since)
      .select(['id', sql<string>`row_number() over (order by request_time, id)`.as('ticket')])
      .execute(),
  ]);
  const tickets = new Map(numbered.map((row) => [row.id, Number(row.ticket)]));
  return [...open, ...delivered].map((row) => ({
    _id: row.id,
    mealId: row.meal_id,
    mealTitle: row.meal_title,
    category: row.category,
    userName: row.user_name,
    userEmail: row.user_email,
    status: row.status,
    requestTime: row.request_time.toISOString(),
    approvedAt: row.approved_at?.toISOString() ?? null,
    servedAt: row.served_at?.toISOString() ?? null,
    recallableUntil: recallableUntil(row.advanced_at, recallWindowMs, now),
    ticket: tickets.get(row.id) ?? null,
  }));
}

/** How many requests are at each stage: every open one, and those Delivered since `since`. */
export async function countServeQueue(
  db: Kysely<ReadModelTables>,
  filter: { category?: MealCategory | undefined; since: Date },
): Promise<ServeQueueAnswer['counts']> {
  let rows = db.selectFrom('meal_requests').leftJoin('meals', 'meals.id', 'meal_requests.meal_id');
  if (filter.category) rows = rows.where('meals.category', '=', filter.category);
  const counted = await rows
    .where((where) => where.or([where('meal_requests.status', '<>', 'Delivered'), where('meal_requests.served_at', '>=', filter.since)]))
    .select(['meal_requests.status', sql<string>`count(*)`.as('count')])
    .groupBy('meal_requests.status')
    .execute();
  const counts = { Pending: 0, Approved: 0, Delivered: 0 };
  for (const { status, count } of counted) counts[status] = Number(count);
  return counts;
}

/**
 * How long the meals delivered since `since` waited, from request to Delivered: their number, how
 * many were timed, the average and the 90th percentile (continuous, as a kitchen reads "9 in 10 waited less than this"),
 * the last two over the deliveries that waited at least TIMED_WAIT_MIN_MS (a quicker one was scripted).
 */
export async function waitingTimes(db: Kysely<ReadModelTables>, since: Date): Promise<WaitingTimes> {
  const waited = sql<number>`extract(epoch from (served_at - request_time)) * 1000`;
  const row = await db
    .selectFrom('meal_requests')
    .where('status', '=', 'Delivered')
    .where('served_at', '>=', since)
    .select([
      sql<string>`count(*)`.as('delivered'),
      sql<string>`count(*) filter (where ${waited} >= ${TIMED_WAIT_MIN_MS})`.as('timed'),
      sql<number | null>`avg(${waited}) filter (where ${waited} >= ${TIMED_WAIT_MIN_MS})`.as('average'),
      sql<number | null>`percentile_cont(0.9) within group (order by ${waited}) filter (where ${waited} >= ${TIMED_WAIT_MIN_MS})`.as('p90'),
    ])
    .executeTakeFirstOrThrow();
  const ms = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));
  return { since: since.toISOString(), delivered: Number(row.delivered), timed: Number(row.timed), averageMs: ms(row.average), p90Ms: ms(row.p90) };
}
