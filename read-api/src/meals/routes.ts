import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { MealsQuery, MIN_POSITION_HEADER } from '@hostel/contracts';
import type { MealDto, MealsTable, ReadModelTables } from '@hostel/contracts';
import { notFound } from '@hostel/platform/http';
import type { PositionWaiter } from '../consistency/wait-for-position';
import { createAnswerCache } from './answer-cache';

const reads = ['meal-catalog'] as const;

export function toMealDto(row: MealsTable & { liked_by_me: boolean | null }): MealDto {
  return {
    _id: row.id,
    title: row.title,
    category: row.category,
    image: row.image,
    ingredients: row.ingredients,
    description: row.description,
    price: Number(row.price),
    postTime: row.post_time.toISOString(),
    distributorName: row.distributor_name,
    distributorEmail: row.distributor_email,
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

/** The catalogue over the `meals` read model: filters, indexed search, stable paging. */
export function mealQueryRoutes(app: FastifyInstance, deps: { db: Kysely<ReadModelTables>; waiter: PositionWaiter }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const visitorsPages = createAnswerCache<{ meals: MealDto[]; total: string }>(deps.waiter, reads[0]);

  /** Every column of the meal, and whether the caller liked it. */
  const withLikedByMe = <O>(query: SelectQueryBuilder<ReadModelTables, 'meals', O>, userId: string | undefined) =>
    query.selectAll('meals').select(
      userId
        ? sql<boolean>`exists (select 1 from meal_likes where meal_likes.meal_id = meals.id and meal_likes.user_id = ${userId})`.as('liked_by_me')
        : sql<boolean>`false`.as('liked_by_me'),
    );

  routes.get('/api/meals', { config: { access: 'public', reads }, schema: { querystring: MealsQuery } }, async (request, reply) => {
    const { category, search, priceMin, priceMax, distributorEmail, skip, limit, sort } = request.query;
    let query = db.selectFrom('meals');
    if (category && category !== 'All') query = query.where('category', '=', category);
    if (priceMin !== undefined) query = query.where('price', '>=', priceMin);
    if (priceMax !== undefined) query = query.where('price', '<=', priceMax);
    if (distributorEmail) query = query.where('distributor_email', '=', distributorEmail);
    const words = search ? prefixQuery(search) : undefined;
    if (words) query = query.where(sql`search_vector`, '@@', sql`to_tsquery('english', ${words})`);
    const ordered =
      sort === 'likes'
        ? query.orderBy('likes', 'desc')
        : sort === 'reviews_count'
          ? query.orderBy('reviews_count', 'desc')
          : query.orderBy('post_time', 'desc');
    const read = async () => {
      const [rows, total] = await Promise.all([
        withLikedByMe(ordered.orderBy('id', 'desc'), request.actor?.sub).offset(skip).limit(limit).execute(),
        query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { meals: rows.map(toMealDto), total: String(total.count) };
    };
    // A visitor's page is everyone's page; a signed-in caller's says what they liked, and a read
    // after one's own write (X-Min-Position) must see the model as it is now.
    const sharedAnswer = !request.actor && request.headers[MIN_POSITION_HEADER] === undefined;
    const { meals, total } = sharedAnswer ? await visitorsPages(request.url, read) : await read();
    reply.header('x-total-count', total);
    return meals;
  });

  routes.get(
    '/api/meals/:id',
    { config: { access: 'public', reads }, schema: { params: z.object({ id: z.uuid('Meal not found') }) } },
    async (request) => {
      const row = await withLikedByMe(db.selectFrom('meals').where('id', '=', request.params.id), request.actor?.sub).executeTakeFirst();
      if (!row) throw notFound('Meal not found');
      return toMealDto(row);
    },
  );
}
