import type { UpcomingMealDto } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Page, Paging } from '../page';
import type { ReadModelTables } from '../read-models';
import { toDishDto } from '../dish';

/**
 * Upcoming meals with their like counts, most liked or newest first. Who liked is never shown to
 * others: a signed-in `viewer` learns only whether they did (`likedByMe`, and their own email in
 * `likedUsers`).
 */
export async function listUpcomingMeals(
  db: Kysely<ReadModelTables>,
  filter: { sort?: 'likes' | undefined } & Paging,
  viewer?: { id: string; email: string },
): Promise<Page<UpcomingMealDto>> {
  const { sort, skip, limit } = filter;
  const ordered = sort === 'likes' ? db.selectFrom('upcoming_meals').orderBy('likes', 'desc') : db.selectFrom('upcoming_meals').orderBy('added_at', 'desc');
  const [rows, total] = await Promise.all([
    ordered
      .orderBy('id', 'desc')
      .selectAll('upcoming_meals')
      .select(
        viewer
          ? sql<boolean>`exists (select 1 from upcoming_likes where upcoming_likes.upcoming_id = upcoming_meals.id and upcoming_likes.user_id = ${viewer.id})`.as(
              'liked_by_me',
            )
          : sql<boolean>`false`.as('liked_by_me'),
      )
      .offset(skip)
      .limit(limit)
      .execute(),
    db
      .selectFrom('upcoming_meals')
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      ...toDishDto(row),
      date: row.added_at.toISOString(),
      likes: row.likes,
      likedByMe: row.liked_by_me,
      likedUsers: row.liked_by_me && viewer ? [viewer.email] : [],
      reviewCount: 0,
      rating: 0,
    })),
    total: Number(total.count),
  };
}
