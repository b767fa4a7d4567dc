import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms, streamName } from '@hostel/contracts';
import type { EventToAppend } from '@hostel/eventstore';
import { mealCatalogProjection } from '@hostel/read-models/meal-catalog';
import { reviewsProjection } from '@hostel/read-models/reviews';
import type { LiveMessage, Projection } from '@hostel/read-models';
import type { RunningProjection } from '../src/runtime/run-projection';
import { runProjection } from '../src/runtime/run-projection';
import { asEmitted, createProjectorDatabase, waitForCheckpoint } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { domainEvent } from './user-events';

let database: ProjectorDatabase;
const runners: RunningProjection[] = [];
const published: LiveMessage[] = [];
const projections: Projection[] = [mealCatalogProjection, reviewsProjection];

beforeAll(async () => {
  database = await createProjectorDatabase();
  for (const projection of projections) {
    runners.push(
      runProjection(projection, {
        store: database.store,
        db: database.db,
        log: pino({ level: 'silent' }),
        publish: (message) => published.push(asEmitted(message)),
      }),
    );
  }
});
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await database?.close();
});

/** Appends to a stream and waits until both projections have applied it. */
async function when(stream: string, ...events: EventToAppend[]): Promise<void> {
  const { position } = await database.store.append(stream, events, { expectedVersion: 'any' });
  for (const projection of projections) await waitForCheckpoint(database.db, projection.name, position);
}
const given = when;

const mealRow = (mealId: string) => database.db.selectFrom('meals').selectAll().where('id', '=', mealId).executeTakeFirst();
const likesOf = (mealId: string) => database.db.selectFrom('meal_likes').select('user_id').where('meal_id', '=', mealId).orderBy('user_id').execute();
const reviewRow = (reviewId: string) => database.db.selectFrom('reviews').selectAll().where('id', '=', reviewId).executeTakeFirst();
const pushesFor = (id: string) => published.filter((message) => JSON.stringify(message.payload).includes(id) || message.room.endsWith(id));

const mealAdded = (mealId: string) =>
  domainEvent('MealAdded', {
    mealId,
    title: 'Lentil Dal',
    category: 'Dinner',
    image: '/api/media/dal',
    ingredients: ['lentils', 'cumin'],
    description: 'Slow-cooked yellow lentils',
    price: 6.5,
    distributorName: 'Ada',
    distributorEmail: 'ada@hostel.test',
    rating: 0,
    postTime: '2026-11-22T08:00:00.000Z',
  });
const reviewAdded = (reviewId: string, mealId: string) =>
  domainEvent('ReviewAdded', {
    reviewId,
    mealId,
    mealTitle: 'Lentil Dal',
    distributorName: 'Ada',
    userId: 'u-sam',
    userEmail: 'Sam@Example.com',
    userName: 'Sam',
    review: 'Warm and filling',
    createdAt: '2026-11-22T12:00:00.000Z',
  });

describe('meal-catalog and reviews projections, through the real runtime', () => {
  it('a new meal is listed with its ingredients as an array, zero counts and its search text; viewers are told', async () => {
    const mealId = randomUUID();
    await when(streamName('meal', mealId), mealAdded(mealId));
    expect(await mealRow(mealId)).toMatchObject({
      title: 'Lentil Dal',
      category: 'Dinner',
      ingredients: ['lentils', 'cumin'],
      price: '6.50',
      post_time: new Date('2026-11-22T08:00:00.000Z'),
      rating: 0,
      likes: 0,
      reviews_count: 0,
      search_text: 'Lentil Dal Slow-cooked yellow lentils lentils cumin',
    });
    expect(pushesFor(mealId)).toEqual([
      { room: rooms.meal(mealId), event: 'changed', payload: { resource: 'meal', id: mealId } },
      { room: rooms.catalog, event: 'changed', payload: { resource: 'meals', id: mealId } },
    ]);
  });

  it('an edit changes only its fields, and search follows the new words', async () => {
    const mealId = randomUUID();
    await given(streamName('meal', mealId), mealAdded(mealId));
    await when(
      streamName('meal', mealId),
      domainEvent('MealEdited', { mealId, changes: { title: 'Tadka Dal', ingredients: ['lentils', 'ghee'], rating: 8.5 } }),
    );
    expect(await mealRow(mealId)).toMatchObject({
      title: 'Tadka Dal',
      ingredients: ['lentils', 'ghee'],
      rating: 8.5,
      description: 'Slow-cooked yellow lentils',
      price: '6.50',
      search_text: 'Tadka Dal Slow-cooked yellow lentils lentils ghee',
    });
  });

  it('each like raises the count and records who liked', async () => {
    const mealId = randomUUID();
    await given(streamName('meal', mealId), mealAdded(mealId));
    await when(streamName('meal', mealId), domainEvent('MealLiked', { mealId, userId: 'u-b' }), domainEvent('MealLiked', { mealId, userId: 'u-a' }));
    expect((await mealRow(mealId))?.likes).toBe(2);
    expect(await likesOf(mealId)).toEqual([{ user_id: 'u-a' }, { user_id: 'u-b' }]);
  });

  it("reviews are listed and move the meal's count up and down, never below zero", async () => {
    const [mealId, first, second] = [randomUUID(), randomUUID(), randomUUID()];
    await given(streamName('meal', mealId), mealAdded(mealId));
    await when(streamName('review', first), reviewAdded(first, mealId));
    await when(streamName('review', second), reviewAdded(second, mealId));
    expect((await mealRow(mealId))?.reviews_count).toBe(2);
    expect(await reviewRow(first)).toMatchObject({
      meal_id: mealId,
      user_email: 'Sam@Example.com',
      user_name: 'Sam',
      review: 'Warm and filling',
      created_at: new Date('2026-11-22T12:00:00.000Z'),
    });

    await when(streamName('review', first), domainEvent('ReviewDeleted', { reviewId: first, mealId }));
    expect((await mealRow(mealId))?.reviews_count).toBe(1);
    expect(await reviewRow(first)).toBeUndefined();
    // A deletion the count has no room for (say, the meal was re-listed by a rebuild in between) keeps it at 0.
    await when(
      streamName('review', second),
      domainEvent('ReviewDeleted', { reviewId: second, mealId }),
      domainEvent('ReviewDeleted', { reviewId: second, mealId }),
    );
    expect((await mealRow(mealId))?.reviews_count).toBe(0);
    expect(published).toContainEqual({ room: rooms.user('u-sam'), event: 'changed', payload: { resource: 'reviews' } });
    expect(published).toContainEqual({ room: rooms.meal(mealId), event: 'changed', payload: { resource: 'reviews', id: mealId } });
  });

  it('a deleted meal leaves the catalogue with its likes', async () => {
    const mealId = randomUUID();
    await given(streamName('meal', mealId), mealAdded(mealId), domainEvent('MealLiked', { mealId, userId: 'u-a' }));
    await when(streamName('meal', mealId), domainEvent('MealDeleted', { mealId }));
    expect(await mealRow(mealId)).toBeUndefined();
    expect(await likesOf(mealId)).toEqual([]);
  });
});
