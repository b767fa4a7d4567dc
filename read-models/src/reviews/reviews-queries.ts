import type { ReviewDto } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Page, Paging } from '../page';
import type { ReadModelTables } from '../read-models';

/** Reviews with their meal's current title and counts (what the dashboard tables show), from the meal catalogue. */
function reviewsWithMeal(db: Kysely<ReadModelTables>) {
  return db
    .selectFrom('reviews')
    .leftJoin('meals', 'meals.id', 'reviews.meal_id')
    .select([
      'reviews.id',
      'reviews.meal_id',
      'reviews.distributor_name',
      'reviews.user_id',
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

/**
 * A meal's reviews, newest first, each with its author's id: who may see the author's email is the
 * caller's to decide. Reads the meal catalogue too (the meal's current title and counts).
 */
export async function listMealReviews(db: Kysely<ReadModelTables>, mealId: string, paging: Paging): Promise<Page<{ authorId: string; review: ReviewDto }>> {
  const [rows, total] = await Promise.all([
    reviewsWithMeal(db)
      .where('reviews.meal_id', '=', mealId)
      .orderBy('reviews.created_at', 'desc')
      .orderBy('reviews.id', 'desc')
      .offset(paging.skip)
      .limit(paging.limit)
      .execute(),
    db
      .selectFrom('reviews')
      .where('meal_id', '=', mealId)
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => ({ authorId: row.user_id, review: toReviewDto(row) })), total: Number(total.count) };
}

/**
 * Everyone's reviews, or one author's (`userEmail` in lower case; matched in any case), newest
 * first. Reads the meal catalogue too (the meal's current title and counts).
 */
export async function listReviews(
  db: Kysely<ReadModelTables>,
  filter: { userEmail?: string | undefined } & Paging,
): Promise<Page<{ authorId: string; review: ReviewDto }>> {
  const { userEmail, skip, limit } = filter;
  let count = db.selectFrom('reviews');
  let rows = reviewsWithMeal(db);
  if (userEmail) {
    count = count.where(sql`lower(user_email)`, '=', userEmail);
    rows = rows.where(sql`lower(reviews.user_email)`, '=', userEmail);
  }
  const [page, total] = await Promise.all([
    rows.orderBy('reviews.created_at', 'desc').orderBy('reviews.id', 'desc').offset(skip).limit(limit).execute(),
    count.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: page.map((row) => ({ authorId: row.user_id, review: toReviewDto(row) })), total: Number(total.count) };
}
