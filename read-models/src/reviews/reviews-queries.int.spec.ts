import { describe, expect, it } from 'vitest';
import { idsOf, mealAdded, readModelsGiven, recorded } from '../testing';
import { listMealReviews, listReviews } from './reviews-queries';

const reviewed = (
  reviewId: string,
  mealId: string,
  author: { userId: string; userEmail: string; userName: string },
  createdAt: string,
  mealTitle = 'As it was',
) => recorded('ReviewAdded', { reviewId, mealId, mealTitle, distributorName: 'Ada', ...author, review: `Review ${reviewId}`, createdAt });

const sam = { userId: 'u-sam', userEmail: 'Sam@Example.com', userName: 'Sam' };
const kim = { userId: 'u-kim', userEmail: 'kim@example.com', userName: 'Kim' };

const database = readModelsGiven(() => [
  mealAdded({ mealId: 'm-dal' }),
  mealAdded({ mealId: 'm-soup', title: 'Tomato Soup' }),
  recorded('MealLiked', { mealId: 'm-dal', userId: 'u-kim' }),
  reviewed('r-1', 'm-dal', sam, '2026-11-02T08:00:00.000Z'),
  reviewed('r-2', 'm-dal', kim, '2026-11-03T08:00:00.000Z'),
  // Written in the same second as r-2: the id breaks the tie.
  reviewed('r-3', 'm-dal', sam, '2026-11-03T08:00:00.000Z'),
  reviewed('r-4', 'm-soup', sam, '2026-11-04T08:00:00.000Z'),
  reviewed('r-5', 'm-gone', kim, '2026-11-01T08:00:00.000Z', 'Fish Pie'),
  // The dal is renamed after its reviews were written.
  recorded('MealEdited', { mealId: 'm-dal', changes: { title: 'Tadka Dal' } }),
]);

/** `listReviews` as the reviews alone (each item also names its author's id). */
const reviewsListed = async (filter: Parameters<typeof listReviews>[1]) => {
  const { items, total } = await listReviews(database.db, filter);
  return { items: items.map(({ review }) => review), total };
};

describe('reviews queries', () => {
  it("lists a meal's reviews newest first (the id breaks ties), each with its author's id, and counts them", async () => {
    const page = await listMealReviews(database.db, 'm-dal', { skip: 0, limit: 10 });
    expect(page.items.map(({ authorId, review }) => [review._id, authorId])).toEqual([
      ['r-3', 'u-sam'],
      ['r-2', 'u-kim'],
      ['r-1', 'u-sam'],
    ]);
    expect(page.total).toBe(3);
    const second = await listMealReviews(database.db, 'm-dal', { skip: 1, limit: 1 });
    expect(second.items.map(({ review }) => review._id)).toEqual(['r-2']);
    expect(second.total).toBe(3);
    expect(await listMealReviews(database.db, 'm-none', { skip: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it("answers each review with its meal's current title and counts, in the API's shape", async () => {
    const { items } = await listMealReviews(database.db, 'm-dal', { skip: 2, limit: 1 });
    expect(items[0]?.review).toEqual({
      _id: 'r-1',
      mealId: 'm-dal',
      mealTitle: 'Tadka Dal',
      distributorName: 'Ada',
      userEmail: 'Sam@Example.com',
      userName: 'Sam',
      review: 'Review r-1',
      createdAt: '2026-11-02T08:00:00.000Z',
      mealLikes: 1,
      mealReviewCount: 3,
    });
  });

  it('keeps the title a review was written under once its meal is gone, with zero counts', async () => {
    const { items } = await reviewsListed({ userEmail: 'kim@example.com', skip: 0, limit: 10 });
    expect(items.find((review) => review._id === 'r-5')).toMatchObject({ mealId: 'm-gone', mealTitle: 'Fish Pie', mealLikes: 0, mealReviewCount: 0 });
  });

  it("lists everyone's reviews newest first, a page at a time, with the total, each with its author's id", async () => {
    const page = await listReviews(database.db, { skip: 0, limit: 10 });
    expect(page.items.map(({ authorId, review }) => [review._id, authorId])).toEqual([
      ['r-4', 'u-sam'],
      ['r-3', 'u-sam'],
      ['r-2', 'u-kim'],
      ['r-1', 'u-sam'],
      ['r-5', 'u-kim'],
    ]);
    expect(page.total).toBe(5);
    expect(await reviewsListed({ skip: 3, limit: 10 }).then(idsOf)).toEqual(['r-1', 'r-5']);
  });

  it("lists one author's reviews by email (asked in lower case, stored in any case), with their total", async () => {
    const sams = await reviewsListed({ userEmail: 'sam@example.com', skip: 0, limit: 2 });
    expect(idsOf(sams)).toEqual(['r-4', 'r-3']);
    expect(sams.total).toBe(3);
    expect(await reviewsListed({ userEmail: 'nobody@example.com', skip: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it("drops a deleted review from both lists and from its meal's count", async () => {
    await database.given(recorded('ReviewDeleted', { reviewId: 'r-2', mealId: 'm-dal' }));
    const page = await listMealReviews(database.db, 'm-dal', { skip: 0, limit: 10 });
    expect(page.items.map(({ review }) => [review._id, review.mealReviewCount])).toEqual([
      ['r-3', 2],
      ['r-1', 2],
    ]);
    expect(page.total).toBe(2);
    expect((await listReviews(database.db, { skip: 0, limit: 10 })).total).toBe(4);
  });
});
