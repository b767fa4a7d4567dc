/**
 * Every other command whose stream grows with use, timed against a short and a long history of that
 * stream, through the same loads as its route: a student's meal request (their `request-` stream),
 * a member's payment (a stream per payment, then their account), a like on an upcoming meal (its
 * stream, at most ten likes long) and a review (a stream per review; the meal's stream is only read).
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import {
  addReview,
  envelope,
  handleCommand,
  loadState,
  mealDecider,
  mealRequestsDecider,
  mealRequestsStream,
  mealStream,
  paymentDecider,
  paymentStream,
  upcomingDecider,
  upcomingStream,
  userDecider,
  userStream,
} from '@hostel/domain';
import { percentile } from '../percentile';

const SAMPLES = 40;
const context = () => ({ actor: 'bench', correlationId: randomUUID() });
const dish = { title: 'Hot dish', category: 'Lunch', image: '/api/media/bench.webp', ingredients: ['rice'], description: 'Benchmark', price: 5 };

async function append(store: EventStore, stream: string, events: DomainEvent[]) {
  for (let from = 0; from < events.length; from += 1000) {
    const batch = events.slice(from, from + 1000).map((event) => envelope(event, context()));
    await store.append(stream, batch, { expectedVersion: 'any' });
  }
}

async function timed(samples: number, run: (sample: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    await run(sample);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export interface GrowthRow {
  command: string;
  history: string;
  p50: number;
  p99: number;
}

async function newMember(store: EventStore) {
  const userId = randomUUID();
  await append(store, userStream(userId), [
    { type: 'UserRegistered', data: { userId, name: 'Member', email: `${userId}@example.com`, photo: '', role: 'user' } },
    { type: 'UserBadgeGranted', data: { userId, badge: 'gold', paymentId: randomUUID() } },
  ]);
  return userId;
}

async function newMeal(store: EventStore) {
  const mealId = randomUUID();
  await append(store, mealStream(mealId), [
    {
      type: 'MealAdded',
      data: { mealId, ...dish, distributorName: 'Chef', distributorEmail: 'chef@example.com', postTime: new Date().toISOString(), rating: 0 },
    },
  ]);
  return mealId;
}

/** A student's next meal request after `earlier` ones: their account, the meal, then their request stream. */
async function mealRequest(store: EventStore, earlier: number): Promise<GrowthRow> {
  const userId = await newMember(store);
  const mealId = await newMeal(store);
  await append(
    store,
    mealRequestsStream(userId),
    Array.from({ length: earlier }, (_, index) => ({
      type: 'MealRequested',
      data: {
        requestId: `${userId}.${index + 1}`,
        userId,
        userEmail: `${userId}@example.com`,
        userName: 'Member',
        userBadge: 'gold',
        mealId: `old-${index}`,
        mealTitle: 'Old dish',
        distributorName: 'Chef',
        requestTime: new Date().toISOString(),
      },
    })),
  );
  // The first command after the history was bulk-written folds all of it once (and keeps a snapshot),
  // as the first command on a long stream does once after an upgrade; the samples are the commands after.
  await loadState(store, mealRequestsStream(userId), mealRequestsDecider);
  const times = await timed(SAMPLES, async (sample) => {
    const [{ state: user }, { state: meal }] = await Promise.all([
      loadState(store, userStream(userId), userDecider),
      loadState(store, mealStream(mealId), mealDecider),
    ]);
    if (!user.exists || meal.status !== 'listed') throw new Error('bench: the member and the meal exist');
    await handleCommand(
      store,
      mealRequestsStream(userId),
      mealRequestsDecider,
      {
        type: 'RequestMeal',
        user: { userId, email: user.email, name: user.name, badge: user.badge },
        meal: { mealId: `${mealId}-${sample}`, title: meal.title, distributorName: meal.distributorName },
        requestTime: new Date().toISOString(),
      },
      context(),
    );
  });
  return { command: 'meal request', history: `${earlier.toLocaleString('en')} earlier requests`, ...times };
}

/** A member's payment after `earlier` ones: the payment's own stream, then the badge on their account. */
async function payment(store: EventStore, earlier: number): Promise<GrowthRow> {
  const userId = await newMember(store);
  const pay = async () => {
    const paymentId = randomUUID();
    await handleCommand(
      store,
      paymentStream(paymentId),
      paymentDecider,
      {
        type: 'RecordPayment',
        paymentId,
        user: { userId, email: `${userId}@example.com` },
        package: 'Gold',
        provider: 'sandbox',
        providerRef: paymentId,
        paidAt: new Date().toISOString(),
      },
      context(),
    );
    await handleCommand(store, userStream(userId), userDecider, { type: 'GrantBadge', userId, badge: 'gold', paymentId }, context());
  };
  for (let index = 0; index < earlier; index++) await pay();
  return { command: 'payment', history: `${earlier} earlier payments`, ...(await timed(SAMPLES, pay)) };
}

/** The like after `earlier` ones on an upcoming meal (at most nine: the tenth publishes it). */
async function upcomingLike(store: EventStore, earlier: number): Promise<GrowthRow> {
  const meals = await Promise.all(
    Array.from({ length: SAMPLES }, async () => {
      const upcomingId = randomUUID();
      await append(store, upcomingStream(upcomingId), [
        {
          type: 'UpcomingMealAdded',
          data: { upcomingId, ...dish, distributorName: 'Chef', distributorEmail: 'chef@example.com', addedAt: new Date().toISOString() },
        },
        ...Array.from({ length: earlier }, (_, index) => ({
          type: 'UpcomingMealLiked' as const,
          data: { upcomingId, userId: `old-${index}`, likes: index + 1 },
        })),
      ]);
      return upcomingId;
    }),
  );
  const times = await timed(SAMPLES, (sample) =>
    handleCommand(
      store,
      upcomingStream(meals[sample]!),
      upcomingDecider,
      { type: 'LikeUpcomingMeal', upcomingId: meals[sample]!, userId: randomUUID(), badge: 'gold' },
      context(),
    ),
  );
  return { command: 'upcoming-meal like', history: `${earlier} earlier likes`, ...times };
}

/** A review on a meal that has `earlier` reviews: the meal's stream is read, the review gets its own. */
async function review(store: EventStore, earlier: number): Promise<GrowthRow> {
  const mealId = await newMeal(store);
  const add = async () => {
    // The meal's stream is read (a meal not listed is refused), the review gets its own.
    await addReview(
      store,
      {
        reviewId: randomUUID(),
        mealId,
        author: { userId: randomUUID(), email: 'critic@example.com', name: 'Critic' },
        review: 'Tasty',
        createdAt: new Date().toISOString(),
      },
      context(),
    );
  };
  for (let index = 0; index < earlier; index++) await add();
  return { command: 'review', history: `${earlier.toLocaleString('en')} earlier reviews`, ...(await timed(SAMPLES, add)) };
}

export async function measureStreamGrowth(store: EventStore): Promise<GrowthRow[]> {
  return [
    await mealRequest(store, 0),
    await mealRequest(store, 1000),
    await payment(store, 0),
    await payment(store, 99),
    await upcomingLike(store, 0),
    await upcomingLike(store, 8),
    await review(store, 0),
    await review(store, 1000),
  ];
}
