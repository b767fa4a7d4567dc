import type { EventData } from '@hostel/contracts';
import { describe, expect, it } from 'vitest';
import { idsOf, readModelsGiven, recorded } from '../testing';
import { findMeal, listMeals } from './meal-catalog-queries';

type Dish = Partial<EventData<'MealAdded'>> & { mealId: string; title: string };
const added = (dish: Dish) =>
  recorded('MealAdded', {
    category: 'Lunch',
    image: `/api/media/${dish.mealId}`,
    ingredients: [],
    description: '',
    price: 5,
    distributorName: 'Ada',
    distributorEmail: 'ada@hostel.test',
    rating: 0,
    postTime: '2026-11-01T08:00:00.000Z',
    ...dish,
  });
const liked = (mealId: string, userId: string) => recorded('MealLiked', { mealId, userId });
const reviewed = (mealId: string, reviewId: string) =>
  recorded('ReviewAdded', {
    reviewId,
    mealId,
    mealTitle: '',
    distributorName: 'Ada',
    userId: 'u-r',
    userEmail: 'r@example.test',
    userName: 'R',
    review: 'Good',
    createdAt: '2026-11-02T08:00:00.000Z',
  });

// Ids sort m-1 < m-2 < …: the later id comes first where the order ties.
const database = readModelsGiven(() => [
  added({
    mealId: 'm-1',
    title: 'Chicken Curry',
    category: 'Dinner',
    price: 9.5,
    ingredients: ['chicken', 'rice'],
    description: 'Mild and creamy',
    postTime: '2026-11-01T08:00:00.000Z',
  }),
  added({
    mealId: 'm-2',
    title: 'Scrambled Eggs',
    category: 'Breakfast',
    price: 4,
    ingredients: ['egg', 'butter'],
    description: 'Soft, on toast',
    postTime: '2026-11-03T08:00:00.000Z',
    distributorEmail: 'bo@hostel.test',
    distributorName: 'Bo',
  }),
  added({
    mealId: 'm-3',
    title: 'Lentil Dal',
    category: 'Dinner',
    price: 6.5,
    ingredients: ['lentils', 'cumin'],
    description: 'Slow-cooked yellow lentils',
    postTime: '2026-11-02T08:00:00.000Z',
  }),
  added({
    mealId: 'm-4',
    title: 'Porridge',
    category: 'Breakfast',
    price: 3,
    ingredients: ['oats', 'milk'],
    description: 'With honey',
    postTime: '2026-11-02T08:00:00.000Z',
  }),
  added({
    mealId: 'm-5',
    title: 'Chickpea Salad',
    category: 'Lunch',
    price: 7,
    ingredients: ['chickpeas', 'cucumber'],
    description: 'Fresh and cold',
    postTime: '2026-10-30T08:00:00.000Z',
  }),
  liked('m-3', 'u-a'),
  liked('m-3', 'u-b'),
  liked('m-3', 'u-c'),
  liked('m-1', 'u-a'),
  liked('m-5', 'u-b'),
  reviewed('m-5', 'r-1'),
  reviewed('m-5', 'r-2'),
  reviewed('m-2', 'r-3'),
]);

const all = { skip: 0, limit: 50 };

describe('meal catalogue queries', () => {
  it('lists newest first (the id breaks ties), with the total', async () => {
    const page = await listMeals(database.db, all);
    expect(idsOf(page)).toEqual(['m-2', 'm-4', 'm-3', 'm-1', 'm-5']);
    expect(page.total).toBe(5);
  });

  it('sorts by likes or by reviews, most first, the id breaking ties', async () => {
    expect(idsOf(await listMeals(database.db, { ...all, sort: 'likes' }))).toEqual(['m-3', 'm-5', 'm-1', 'm-4', 'm-2']);
    expect(idsOf(await listMeals(database.db, { ...all, sort: 'reviews_count' }))).toEqual(['m-5', 'm-2', 'm-4', 'm-3', 'm-1']);
  });

  it('pages: skip and limit cut the list in its order, the total counts the whole filtered list', async () => {
    const page = await listMeals(database.db, { skip: 1, limit: 2 });
    expect(idsOf(page)).toEqual(['m-4', 'm-3']);
    expect(page.total).toBe(5);
    expect(await listMeals(database.db, { skip: 5, limit: 2 })).toEqual({ items: [], total: 5 });
  });

  it('filters by category ("All" is everything), price range (both ends included) and distributor', async () => {
    const dinners = await listMeals(database.db, { ...all, category: 'Dinner' });
    expect(idsOf(dinners)).toEqual(['m-3', 'm-1']);
    expect(dinners.total).toBe(2);
    expect((await listMeals(database.db, { ...all, category: 'All' })).total).toBe(5);
    const affordable = await listMeals(database.db, { ...all, priceMin: 4, priceMax: 7 });
    expect(idsOf(affordable)).toEqual(['m-2', 'm-3', 'm-5']);
    expect(affordable.total).toBe(3);
    expect(idsOf(await listMeals(database.db, { ...all, category: 'Breakfast', priceMax: 3.5 }))).toEqual(['m-4']);
    expect(idsOf(await listMeals(database.db, { ...all, distributorEmail: 'bo@hostel.test' }))).toEqual(['m-2']);
  });

  it('searches title, description and ingredients by word prefix, stemmed; every word must match', async () => {
    const chick = await listMeals(database.db, { ...all, search: 'chick' });
    expect(idsOf(chick)).toEqual(['m-1', 'm-5']);
    expect(chick.total).toBe(2);
    expect(idsOf(await listMeals(database.db, { ...all, search: 'eggs' }))).toEqual(['m-2']);
    expect(idsOf(await listMeals(database.db, { ...all, search: 'LENTIL' }))).toEqual(['m-3']);
    expect(idsOf(await listMeals(database.db, { ...all, search: 'honey' }))).toEqual(['m-4']);
    expect(idsOf(await listMeals(database.db, { ...all, search: 'chick cold' }))).toEqual(['m-5']);
    expect(await listMeals(database.db, { ...all, search: 'chick pizza' })).toEqual({ items: [], total: 0 });
    // Search narrows the other filters, and its total follows.
    expect(await listMeals(database.db, { ...all, search: 'chick', category: 'Dinner' }).then((page) => [idsOf(page), page.total])).toEqual([['m-1'], 1]);
  });

  it('ignores a search with no letters or digits (punctuation never reaches the query)', async () => {
    expect((await listMeals(database.db, { ...all, search: '&|!:*()' })).total).toBe(5);
    expect(idsOf(await listMeals(database.db, { ...all, search: "chick'n & (rice)" }))).toEqual([]);
    expect(idsOf(await listMeals(database.db, { ...all, search: 'rice)!' }))).toEqual(['m-1']);
  });

  it("answers each meal in the API's shape, with its counts and whether the viewer liked it", async () => {
    const [curry] = (await listMeals(database.db, { ...all, category: 'Dinner', priceMin: 9 }, 'u-a')).items;
    expect(curry).toEqual({
      _id: 'm-1',
      title: 'Chicken Curry',
      category: 'Dinner',
      image: '/api/media/m-1',
      ingredients: ['chicken', 'rice'],
      description: 'Mild and creamy',
      price: 9.5,
      postTime: '2026-11-01T08:00:00.000Z',
      distributorName: 'Ada',
      distributorEmail: 'ada@hostel.test',
      rating: 0,
      likes: 1,
      reviews_count: 0,
      reviewCount: 0,
      likedByMe: true,
    });
    const likedBy = async (viewer: string | undefined) =>
      (await listMeals(database.db, all, viewer)).items.filter((meal) => meal.likedByMe).map((meal) => meal._id);
    expect(await likedBy('u-b')).toEqual(['m-3', 'm-5']);
    expect(await likedBy('u-z')).toEqual([]);
    expect(await likedBy(undefined)).toEqual([]);
  });

  it('finds one meal as the viewer sees it; none once deleted, none for an unknown id', async () => {
    expect(await findMeal(database.db, 'm-5', 'u-b')).toMatchObject({
      _id: 'm-5',
      title: 'Chickpea Salad',
      likes: 1,
      reviews_count: 2,
      reviewCount: 2,
      likedByMe: true,
    });
    expect((await findMeal(database.db, 'm-5'))?.likedByMe).toBe(false);
    expect(await findMeal(database.db, 'm-404')).toBeUndefined();
    await database.given(added({ mealId: 'm-9', title: 'Gone Soon' }), recorded('MealDeleted', { mealId: 'm-9' }));
    expect(await findMeal(database.db, 'm-9')).toBeUndefined();
  });
});
