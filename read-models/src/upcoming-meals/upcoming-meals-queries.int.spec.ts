import { describe, expect, it } from 'vitest';
import { idsOf, readModelsGiven, recorded } from '../testing';
import { listUpcomingMeals } from './upcoming-meals-queries';

const added = (upcomingId: string, title: string, addedAt: string) =>
  recorded('UpcomingMealAdded', {
    upcomingId,
    title,
    category: 'Lunch',
    image: `/api/media/${upcomingId}`,
    ingredients: ['beans'],
    description: 'Soon',
    price: 5.25,
    distributorName: 'Ada',
    distributorEmail: 'ada@hostel.test',
    addedAt,
  });
const liked = (upcomingId: string, userId: string, likes: number) => recorded('UpcomingMealLiked', { upcomingId, userId, likes });

const database = readModelsGiven(() => [
  added('up-1', 'Bean Chilli', '2026-11-01T08:00:00.000Z'),
  added('up-2', 'Falafel Wrap', '2026-11-03T08:00:00.000Z'),
  // Added in the same second as up-2: the id breaks the tie.
  added('up-3', 'Pho', '2026-11-03T08:00:00.000Z'),
  added('up-4', 'Ramen', '2026-11-02T08:00:00.000Z'),
  liked('up-1', 'u-a', 1),
  liked('up-1', 'u-b', 2),
  liked('up-4', 'u-a', 1),
]);

const all = { skip: 0, limit: 10 };

describe('upcoming meals queries', () => {
  it('lists newest first, or most liked first, the id breaking ties, with the total', async () => {
    const newest = await listUpcomingMeals(database.db, all);
    expect(idsOf(newest)).toEqual(['up-3', 'up-2', 'up-4', 'up-1']);
    expect(newest.total).toBe(4);
    expect(idsOf(await listUpcomingMeals(database.db, { ...all, sort: 'likes' }))).toEqual(['up-1', 'up-4', 'up-3', 'up-2']);
  });

  it('pages, the total counting them all', async () => {
    expect(await listUpcomingMeals(database.db, { skip: 1, limit: 2 }).then((page) => [idsOf(page), page.total])).toEqual([['up-2', 'up-4'], 4]);
    expect(await listUpcomingMeals(database.db, { skip: 4, limit: 2 })).toEqual({ items: [], total: 4 });
  });

  it("answers each in the API's shape; a viewer learns only whether they liked it, and sees only their own email", async () => {
    const forA = await listUpcomingMeals(database.db, { ...all, sort: 'likes' }, { id: 'u-a', email: 'a@example.test' });
    expect(forA.items[0]).toEqual({
      _id: 'up-1',
      title: 'Bean Chilli',
      category: 'Lunch',
      image: '/api/media/up-1',
      ingredients: ['beans'],
      description: 'Soon',
      price: 5.25,
      distributorName: 'Ada',
      distributorEmail: 'ada@hostel.test',
      date: '2026-11-01T08:00:00.000Z',
      likes: 2,
      likedByMe: true,
      likedUsers: ['a@example.test'],
      reviewCount: 0,
      rating: 0,
    });
    const likedBy = (page: typeof forA) => page.items.filter((meal) => meal.likedByMe).map((meal) => [meal._id, meal.likedUsers]);
    expect(likedBy(forA)).toEqual([
      ['up-1', ['a@example.test']],
      ['up-4', ['a@example.test']],
    ]);
    expect(likedBy(await listUpcomingMeals(database.db, all, { id: 'u-b', email: 'b@example.test' }))).toEqual([['up-1', ['b@example.test']]]);
    const forVisitor = await listUpcomingMeals(database.db, all);
    expect(forVisitor.items.every((meal) => !meal.likedByMe && meal.likedUsers.length === 0)).toBe(true);
  });

  it('drops a published meal from the list', async () => {
    await database.given(recorded('UpcomingMealPublished', { upcomingId: 'up-1', mealId: 'm-1', publishedAt: '2026-11-04T08:00:00.000Z' }));
    const page = await listUpcomingMeals(database.db, { ...all, sort: 'likes' }, { id: 'u-b', email: 'b@example.test' });
    expect(idsOf(page)).toEqual(['up-4', 'up-3', 'up-2']);
    expect(page.total).toBe(3);
    expect(page.items.some((meal) => meal.likedByMe)).toBe(false);
  });
});
