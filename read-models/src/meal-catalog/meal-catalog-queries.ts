import type { MealCategory, MealDto } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Page, Paging } from '../page';
import type { ReadModelTables } from '../read-models';
import { toDishDto } from '../dish';
import type { MealsTable } from './meal-catalog-tables';

export function toMealDto(row: MealsTable & { liked_by_me: boolean | null }): MealDto {
  return {
    ...toDishDto(row),
    postTime: row.post_time.toISOString(),
    rating: row.rating,
    likes: row.likes,
    reviews_count: row.reviews_count,
    reviewCount: row.reviews_count,
    likedByMe: row.liked_by_me === true,
  };
}

/**
 * The search box's words as a prefix query: every word must start a word of the title, description
 * or ingredients ("chick" finds "chicken"; stemmed, so "eggs" finds "egg"). Only letters and digits
 * reach the query; undefined when there are none.
 */
export function prefixQuery(search: string): string | undefined {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/** Every column of the meal, and whether `viewerId` liked it (false for a visitor). */
function withLikedByMe<O>(query: SelectQueryBuilder<ReadModelTables, 'meals', O>, viewerId: string | undefined) {
  return query
    .selectAll('meals')
    .select(
      viewerId
        ? sql<boolean>`exists (select 1 from meal_likes where meal_likes.meal_id = meals.id and meal_likes.user_id = ${viewerId})`.as('liked_by_me')
        : sql<boolean>`false`.as('liked_by_me'),
    );
}

export interface MealsFilter {
  category?: MealCategory | 'All' | undefined;
  /** Words each of which must start a word of the title, description or ingredients. */
  search?: string | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  /** Exactly this distributor (lower case). */
  distributorEmail?: string | undefined;
  /** Most liked or most reviewed first; newest first by default. */
  sort?: 'likes' | 'reviews_count' | undefined;
}

/** The catalogue: filters, indexed search, stable paging (the id breaks ties), as `viewerId` sees it. */
export async function listMeals(db: Kysely<ReadModelTables>, filter: MealsFilter & Paging, viewerId?: string): Promise<Page<MealDto>> {
  const { category, search, priceMin, priceMax, distributorEmail, skip, limit, sort } = filter;
  let query = db.selectFrom('meals');
  if (category && category !== 'All') query = query.where('category', '=', category);
  if (priceMin !== undefined) query = query.where('price', '>=', priceMin);
  if (priceMax !== undefined) query = query.where('price', '<=', priceMax);
  if (distributorEmail) query = query.where('distributor_email', '=', distributorEmail);
  const words = search ? prefixQuery(search) : undefined;
  if (words) query = query.where(sql`search_vector`, '@@', sql`to_tsquery('english', ${words})`);
  const ordered =
    sort === 'likes' ? query.orderBy('likes', 'desc') : sort === 'reviews_count' ? query.orderBy('reviews_count', 'desc') : query.orderBy('post_time', 'desc');
  const [rows, total] = await Promise.all([
    withLikedByMe(ordered.orderBy('id', 'desc'), viewerId).offset(skip).limit(limit).execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toMealDto), total: Number(total.count) };
}

/** One meal as `viewerId` sees it; undefined when it is not (or no longer) listed. */
export async function findMeal(db: Kysely<ReadModelTables>, mealId: string, viewerId?: string): Promise<MealDto | undefined> {
  const row = await withLikedByMe(db.selectFrom('meals').where('id', '=', mealId), viewerId).executeTakeFirst();
  return row && toMealDto(row);
}
