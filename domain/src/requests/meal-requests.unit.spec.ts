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
const adminId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
/** A minute after the request, and the recall window's edges from there. */
const at = (seconds: number) => new Date(Date.parse(requestTime) + seconds * 1000).toISOString();
const served = (ordinal: number, meal = curry, servedAt = at(0)): MealRequestEvent => ({
  type: 'MealRequestServed',
  data: { requestId: `${userId}.${ordinal}`, userId, mealId: meal.mealId, servedAt, servedBy: adminId },
});
const approved = (ordinal: number, approvedAt = at(0)): MealRequestEvent => ({
  type: 'MealRequestApproved',
  data: { requestId: `${userId}.${ordinal}`, userId, mealId: curry.mealId, approvedAt, approvedBy: adminId },
});
const recalled = (ordinal: number, from: 'Approved' | 'Delivered', recalledAt: string): MealRequestEvent => ({
  type: 'MealRequestRecalled',
  data: {
    requestId: `${userId}.${ordinal}`,
    userId,
    mealId: curry.mealId,
    from,
    to: from === 'Delivered' ? 'Approved' : 'Pending',
    recalledAt,
    recalledBy: adminId,
  },
});
const WINDOW = 120_000;
const kitchen = (
  type: 'ApproveMealRequest' | 'ServeMealRequest',
  ordinal: number,
  when = at(0),
  actorRole: 'user' | 'admin' = 'admin',
  mealListed = true,
): MealRequestCommand => ({
  type,
  requestId: `${userId}.${ordinal}`,
  actorId: adminId,
  actorRole,
  at: when,
  mealListed,
});
const recall = (ordinal: number, when: string, actorRole: 'user' | 'admin' = 'admin'): MealRequestCommand => ({
  type: 'RecallMealRequest',
  requestId: `${userId}.${ordinal}`,
  actorId: adminId,
  actorRole,
  at: when,
  windowMs: WINDOW,
});
const cancelled = (ordinal: number, meal = curry): MealRequestEvent => ({
  type: 'MealRequestCancelled',
  data: { requestId: `${userId}.${ordinal}`, userId, mealId: meal.mealId },
});
const serve = (ordinal: number, actorRole: 'user' | 'admin' = 'admin') => kitchen('ServeMealRequest', ordinal, at(0), actorRole);
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
  it('takes one open request per meal (Pending or Approved): again only once it was served or cancelled', () => {
    expect(given(requested(1)).when(ask()).error).toEqual({
      kind: 'conflict',
      message: 'You have already requested this meal; your request is still pending.',
    });
    expect(given(requested(1), approved(1)).when(ask()).error).toEqual({
      kind: 'conflict',
      message: 'You have already requested this meal; the kitchen is preparing it.',
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
  it('approves Pending → Approved for an admin only, with who and when; approving again changes nothing', () => {
    expect(given(requested(1)).when(kitchen('ApproveMealRequest', 1)).events).toEqual([approved(1)]);
    expect(given(requested(1)).when(kitchen('ApproveMealRequest', 1, at(0), 'user')).error).toEqual({
      kind: 'forbidden',
      message: 'Only admins can approve requests',
    });
    expect(given(requested(1), approved(1)).when(kitchen('ApproveMealRequest', 1)).events).toEqual([]);
    expect(given(requested(1), served(1)).when(kitchen('ApproveMealRequest', 1)).error).toEqual({
      kind: 'conflict',
      message: 'This meal has already been delivered.',
    });
    expect(given().when(kitchen('ApproveMealRequest', 1)).error?.kind).toBe('not_found');
  });
  it('serves an Approved request too (Approved → Delivered)', () => {
    expect(given(requested(1), approved(1)).when(kitchen('ServeMealRequest', 1, at(30))).events).toEqual([served(1, curry, at(30))]);
  });
  it('recalls the last move one stage back within the window, and no later', () => {
    expect(given(requested(1), served(1)).when(recall(1, at(120))).events).toEqual([recalled(1, 'Delivered', at(120))]);
    expect(given(requested(1), approved(1, at(60))).when(recall(1, at(179))).events).toEqual([recalled(1, 'Approved', at(179))]);
    expect(given(requested(1), approved(1, at(0)), served(1, curry, at(100))).when(recall(1, at(200))).events).toEqual([recalled(1, 'Delivered', at(200))]);
    expect(given(requested(1), served(1)).when(recall(1, at(121))).error).toEqual({
      kind: 'conflict',
      message: 'Too late to recall: a stage change can be taken back within 2 minutes.',
    });
  });
  it('does not recall a Pending request, nor a recall, nor for anyone but an admin', () => {
    expect(given(requested(1)).when(recall(1, at(1))).error).toEqual({
      kind: 'conflict',
      message: 'There is nothing to recall: the request is still Pending.',
    });
    const backToApproved = given(requested(1), served(1), recalled(1, 'Delivered', at(10)));
    const notAgain = { kind: 'conflict', message: 'A recall cannot itself be recalled: move the request on again (Approve or Serve) instead.' };
    expect(backToApproved.when(recall(1, at(20))).error).toEqual(notAgain);
    expect(backToApproved.when(kitchen('ServeMealRequest', 1, at(30))).events).toEqual([served(1, curry, at(30))]);
    expect(given(requested(1), served(1)).when(recall(1, at(1), 'user')).error).toEqual({ kind: 'forbidden', message: 'Only admins can recall requests' });
  });
  it('neither approves nor serves a request whose meal has been deleted, and says why', () => {
    expect(given(requested(1)).when(kitchen('ApproveMealRequest', 1, at(0), 'admin', false)).error).toEqual({
      kind: 'conflict',
      message: 'This meal has been deleted from the menu: its request can no longer be approved.',
    });
    expect(given(requested(1), approved(1)).when(kitchen('ServeMealRequest', 1, at(30), 'admin', false)).error).toEqual({
      kind: 'conflict',
      message: 'This meal has been deleted from the menu: its request can no longer be served.',
    });
    expect(given(requested(1), approved(1)).when(recall(1, at(30))).events).toEqual([recalled(1, 'Approved', at(30))]);
    expect(given(requested(1)).when(cancel(1)).events).toEqual([cancelled(1)]);
  });
  it('lets the student cancel until the meal is delivered, again once a delivery was recalled', () => {
    expect(given(requested(1), approved(1)).when(cancel(1)).events).toEqual([cancelled(1)]);
    expect(given(requested(1), served(1)).when(cancel(1)).error).toEqual({
      kind: 'conflict',
      message: 'This meal has already been delivered; it can no longer be cancelled.',
    });
    expect(given(requested(1), served(1), recalled(1, 'Delivered', at(5))).when(cancel(1)).events).toEqual([cancelled(1)]);
  });
  it('lets only the requester cancel', () => {
    expect(given(requested(1)).when(cancel(1)).events).toEqual([cancelled(1)]);
    expect(given(requested(1)).when(cancel(1, 'someone-else')).error).toEqual({ kind: 'forbidden', message: 'You can only cancel your own requests' });
  });
  it('knows no request that was never made or was cancelled', () => {
    expect(given().when(serve(1)).error).toEqual({ kind: 'not_found', message: 'Request not found' });
    expect(given().when(cancel(1)).error?.kind).toBe('not_found');
    expect(given(requested(1), cancelled(1)).when(serve(1)).error?.kind).toBe('not_found');
    expect(given(requested(1), cancelled(1)).when(cancel(1)).error?.kind).toBe('not_found');
  });
});
