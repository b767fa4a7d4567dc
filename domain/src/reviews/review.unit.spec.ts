import { describe, expect, it } from 'vitest';
import { givenDecider } from '../testing/given';
import type { ReviewCommand, ReviewEvent } from './review';
import { reviewDecider } from './review';

const given = givenDecider(reviewDecider);
const reviewId = 'review-1';
const meal = { mealId: 'meal-1', title: 'Lentil Dal', distributorName: 'Ada' };
const author = { userId: 'u-author', email: 'sam@example.com', name: 'Sam' };
const add = (overrides: Partial<Extract<ReviewCommand, { type: 'AddReview' }>> = {}): ReviewCommand => ({
  type: 'AddReview',
  reviewId,
  meal,
  author,
  review: 'Warm and filling',
  createdAt: '2026-11-22T12:00:00.000Z',
  ...overrides,
});
const posted: ReviewEvent = {
  type: 'ReviewAdded',
  data: {
    reviewId,
    mealId: 'meal-1',
    mealTitle: 'Lentil Dal',
    distributorName: 'Ada',
    userId: 'u-author',
    userEmail: 'sam@example.com',
    userName: 'Sam',
    review: 'Warm and filling',
    createdAt: '2026-11-22T12:00:00.000Z',
  },
};
const removed: ReviewEvent = { type: 'ReviewDeleted', data: { reviewId, mealId: 'meal-1' } };
const remove = (actorId: string, actorRole: 'user' | 'admin' = 'user'): ReviewCommand => ({ type: 'DeleteReview', reviewId, actorId, actorRole });

describe('review decider', () => {
  it('posts a review with the meal as it stands and the author from their account', () => {
    expect(given().when(add()).events).toEqual([posted]);
  });
  it('refuses a meal that is not listed', () => {
    expect(given().when(add({ meal: undefined })).error).toEqual({ kind: 'not_found', message: 'Meal not found' });
  });
  it('refuses an id already used', () => {
    expect(given(posted).when(add()).error?.kind).toBe('conflict');
  });
  it('lets the author delete it', () => {
    expect(given(posted).when(remove('u-author')).events).toEqual([removed]);
  });
  it("lets an admin delete anyone's", () => {
    expect(given(posted).when(remove('u-admin', 'admin')).events).toEqual([removed]);
  });
  it('refuses anyone else', () => {
    expect(given(posted).when(remove('u-other')).error).toEqual({ kind: 'forbidden', message: 'You can only delete your own reviews' });
  });
  it('refuses a review that is gone or never was', () => {
    expect(given(posted, removed).when(remove('u-author')).error).toEqual({ kind: 'not_found', message: 'Review not found' });
    expect(given().when(remove('u-author')).error?.kind).toBe('not_found');
  });
});
