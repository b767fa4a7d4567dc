import { describe, expect, it } from 'vitest';
import { givenDecider } from '../testing/given';
import type { UpcomingCommand, UpcomingEvent } from './upcoming';
import { upcomingDecider } from './upcoming';

const given = givenDecider(upcomingDecider);
const upcomingId = 'up-1';
const fields = {
  title: 'Palak Paneer',
  category: 'Dinner',
  image: '/api/media/x',
  ingredients: ['paneer'],
  description: 'Green',
  price: 7,
  distributorName: 'Ada',
  distributorEmail: 'ada@hostel.test',
} as const;
const added: UpcomingEvent = { type: 'UpcomingMealAdded', data: { upcomingId, ...fields, ingredients: ['paneer'], addedAt: '2026-11-22T08:00:00.000Z' } };
const liked = (userId: string, likes: number): UpcomingEvent => ({ type: 'UpcomingMealLiked', data: { upcomingId, userId, likes } });
const like = (userId: string, badge: 'bronze' | 'silver' | 'gold' | 'platinum' | null = 'silver'): UpcomingCommand => ({
  type: 'LikeUpcomingMeal',
  upcomingId,
  userId,
  badge,
});
const nineLikes = Array.from({ length: 9 }, (_, index) => liked(`u${index}`, index + 1));
const published: UpcomingEvent = { type: 'UpcomingMealPublished', data: { upcomingId, mealId: 'meal-1', publishedAt: '2026-11-23T08:00:00.000Z' } };
const publish = (actorRole: 'user' | 'admin' | 'system'): UpcomingCommand => ({
  type: 'PublishUpcomingMeal',
  upcomingId,
  actorRole,
  mealId: 'meal-1',
  publishedAt: '2026-11-23T08:00:00.000Z',
});

describe('upcoming meal decider', () => {
  it('lets only admins add', () => {
    const add = (actorRole: 'user' | 'admin'): UpcomingCommand => ({
      type: 'AddUpcomingMeal',
      upcomingId,
      actorRole,
      fields: { ...fields, ingredients: ['paneer'] },
      addedAt: '2026-11-22T08:00:00.000Z',
    });
    expect(given().when(add('admin')).events).toEqual([added]);
    expect(given().when(add('user')).error?.kind).toBe('forbidden');
  });
  it('needs Silver or better to like', () => {
    for (const badge of [null, 'bronze'] as const) {
      expect(given(added).when(like('u1', badge)).error).toEqual({
        kind: 'forbidden',
        message: 'Membership Required: You need at least a Silver badge to like meals.',
      });
    }
    for (const badge of ['silver', 'gold', 'platinum'] as const) expect(given(added).when(like('u1', badge)).events).toEqual([liked('u1', 1)]);
  });
  it('takes one like per member', () => {
    expect(given(added, liked('u1', 1)).when(like('u1')).error).toEqual({ kind: 'conflict', message: 'You have already liked this meal.' });
  });
  it('reaches the threshold with the 10th like, and takes no like after it', () => {
    expect(given(added, ...nineLikes).when(like('u9')).events).toEqual([
      liked('u9', 10),
      { type: 'UpcomingMealThresholdReached', data: { upcomingId, likes: 10 } },
    ]);
    expect(given(added, ...nineLikes, liked('u9', 10)).when(like('u10')).error?.kind).toBe('conflict');
  });
  it('publishes for an admin or the policy, once; never for a student; refuses likes afterwards', () => {
    expect(given(added).when(publish('admin')).events).toEqual([published]);
    expect(given(added).when(publish('system')).events).toEqual([published]);
    expect(given(added).when(publish('user')).error?.kind).toBe('forbidden');
    expect(given(added, published).when(publish('system')).events).toEqual([]);
    expect(given(added, published).when(like('u1')).error).toEqual({ kind: 'conflict', message: 'This meal has already been published.' });
  });
  it('knows no meal that was never added', () => {
    expect(given().when(like('u1')).error?.kind).toBe('not_found');
    expect(given().when(publish('admin')).error?.kind).toBe('not_found');
  });
});
