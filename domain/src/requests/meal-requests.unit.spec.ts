import type { Badge } from '@hostel/contracts';
import { describe, expect, it } from 'vitest';
import { givenDecider } from '../testing/given';
import type { MealRequestCommand, MealRequestEvent } from './meal-requests';
import { mealRequestsDecider } from './meal-requests';

const given = givenDecider(mealRequestsDecider);
const userId = '0b6a3c52-2f8e-5d7a-9c1b-3e4f5a6b7c8d';
const curry = { mealId: 'meal-curry', title: 'Chicken Curry', distributorName: 'Ada' };
const soup = { mealId: 'meal-soup', title: 'Lentil Soup', distributorName: 'Ada' };
const requestTime = '2026-11-23T08:00:00.000Z';

/** `meal` null: the meal is not listed (never added, or deleted). */
const ask = (meal: typeof curry | null = curry, badge: Badge | null = null): Extract<MealRequestCommand, { type: 'RequestMeal' }> => ({
  type: 'RequestMeal',
  user: { userId, email: 'sam@hostel.test', name: 'Sam', badge },
  meal: meal ?? undefined,
  requestTime,
});
const requested = (ordinal: number, meal = curry, badge: Badge | null = null): MealRequestEvent => ({
  type: 'MealRequested',
  data: {
    requestId: `${userId}.${ordinal}`,
    userId,
    userEmail: 'sam@hostel.test',
    userName: 'Sam',
    userBadge: badge,
    mealId: meal.mealId,
    mealTitle: meal.title,
    distributorName: meal.distributorName,
    requestTime,
  },
});
const served = (ordinal: number, meal = curry): MealRequestEvent => ({
  type: 'MealRequestServed',
  data: { requestId: `${userId}.${ordinal}`, userId, mealId: meal.mealId, servedAt: requestTime },
});
const cancelled = (ordinal: number, meal = curry): MealRequestEvent => ({
  type: 'MealRequestCancelled',
  data: { requestId: `${userId}.${ordinal}`, userId, mealId: meal.mealId },
});
const serve = (ordinal: number, actorRole: 'user' | 'admin' = 'admin'): MealRequestCommand => ({
  type: 'ServeMealRequest',
  requestId: `${userId}.${ordinal}`,
  actorRole,
  servedAt: requestTime,
});
const cancel = (ordinal: number, actorId = userId): MealRequestCommand => ({ type: 'CancelMealRequest', requestId: `${userId}.${ordinal}`, actorId });

describe('meal requests decider', () => {
  it('records a Pending request with the account and the meal as they stand, numbered per student', () => {
    expect(given().when(ask()).events).toEqual([requested(1)]);
    expect(given(requested(1), served(1)).when(ask(soup)).events).toEqual([requested(2, soup)]);
  });
  it('refuses the bronze badge, and lets free, Silver, Gold and Platinum users ask', () => {
    expect(given().when(ask(curry, 'bronze')).error).toEqual({ kind: 'forbidden', message: 'You need to upgrade your membership to request meals.' });
    for (const badge of [null, 'silver', 'gold', 'platinum'] as const) expect(given().when(ask(curry, badge)).events).toEqual([requested(1, curry, badge)]);
  });
  it('refuses a meal that is not listed, and a caller without an account', () => {
    expect(given().when(ask(null)).error).toEqual({ kind: 'not_found', message: 'Meal not found' });
    expect(given().when({ ...ask(), user: undefined }).error?.kind).toBe('not_found');
  });
  it('takes one open request per meal: again only once it was served or cancelled', () => {
    expect(given(requested(1)).when(ask()).error).toEqual({
      kind: 'conflict',
      message: 'You have already requested this meal; your request is still pending.',
    });
    expect(given(requested(1)).when(ask(soup)).events).toEqual([requested(2, soup)]);
    expect(given(requested(1), served(1)).when(ask()).events).toEqual([requested(2)]);
    expect(given(requested(1), cancelled(1)).when(ask()).events).toEqual([requested(2)]);
  });
  it('serves Pending → Delivered for an admin only; serving again changes nothing', () => {
    expect(given(requested(1)).when(serve(1)).events).toEqual([served(1)]);
    expect(given(requested(1)).when(serve(1, 'user')).error).toEqual({ kind: 'forbidden', message: 'Only admins can serve meals' });
    expect(given(requested(1), served(1)).when(serve(1)).events).toEqual([]);
  });
  it('lets only the requester cancel, in any status', () => {
    expect(given(requested(1)).when(cancel(1)).events).toEqual([cancelled(1)]);
    expect(given(requested(1), served(1)).when(cancel(1)).events).toEqual([cancelled(1)]);
    expect(given(requested(1)).when(cancel(1, 'someone-else')).error).toEqual({ kind: 'forbidden', message: 'You can only cancel your own requests' });
  });
  it('knows no request that was never made or was cancelled', () => {
    expect(given().when(serve(1)).error).toEqual({ kind: 'not_found', message: 'Request not found' });
    expect(given().when(cancel(1)).error?.kind).toBe('not_found');
    expect(given(requested(1), cancelled(1)).when(serve(1)).error?.kind).toBe('not_found');
    expect(given(requested(1), cancelled(1)).when(cancel(1)).error?.kind).toBe('not_found');
  });
});
