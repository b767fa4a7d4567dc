import { describe, expect, it } from 'vitest';
import { givenDecider } from '../testing/given';
import type { LikeEvent, LikeMeal } from './like';
import { likeDecider } from './like';
import type { MealEvent, MealState } from './meal';
import { mealDecider } from './meal';

const given = givenDecider(likeDecider);
const mealId = 'meal-1';
const added: MealEvent = {
  type: 'MealAdded',
  data: {
    mealId,
    title: 'Masala Omelette',
    category: 'Breakfast',
    image: '/api/media/x',
    ingredients: ['eggs'],
    description: 'Spicy eggs',
    price: 4.5,
    distributorName: 'Ada',
    distributorEmail: 'ada@hostel.test',
    postTime: '2026-11-22T08:00:00.000Z',
    rating: 0,
  },
};
const meal = (...history: MealEvent[]): MealState => history.reduce(mealDecider.evolve, mealDecider.initialState);
const liked = (userId: string): LikeEvent => ({ type: 'MealLiked', data: { mealId, userId } });
const like = (userId: string, state: MealState = meal(added)): LikeMeal => ({ type: 'LikeMeal', mealId, userId, meal: state });

describe('like decider', () => {
  it('records a first like, and nothing for a repeat', () => {
    expect(given().when(like('u1')).events).toEqual([liked('u1')]);
    expect(given(liked('u1')).when(like('u1')).events).toEqual([]);
  });

  it('honours a like the meal stream holds (the old model, or carried over from an upcoming meal)', () => {
    const oldModel = meal(added, { type: 'MealLiked', data: { mealId, userId: 'u1' } });
    expect(given().when(like('u1', oldModel)).events).toEqual([]);
    expect(given().when(like('u2', oldModel)).events).toEqual([liked('u2')]);
    const published = meal({ ...added, data: { ...added.data, likedBy: ['u3'] } } as MealEvent);
    expect(given().when(like('u3', published)).events).toEqual([]);
  });

  it('refuses a meal that is missing or deleted', () => {
    expect(given().when(like('u1', meal())).error?.kind).toBe('not_found');
    expect(given().when(like('u1', meal(added, { type: 'MealDeleted', data: { mealId } }))).error).toEqual({ kind: 'not_found', message: 'Meal not found' });
  });
});
