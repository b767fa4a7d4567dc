import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDatabase, recorded } from '../testing';
import type { ReadModelDatabase } from '../testing';
import { countServeQueue, listMealRequests, listMealRequestsOf, listServeQueue, waitingTimes } from './meal-requests-queries';

let database: ReadModelDatabase;

const students = {
  sam: { userId: 'u-sam', userEmail: 'Sam@Example.com', userName: 'Sam Spade', userBadge: 'gold' as const },
  kim: { userId: 'u-kim', userEmail: 'kim@example.com', userName: 'Kim 100% Real', userBadge: null },
};
const requested = (requestId: string, student: keyof typeof students, mealId: string, requestTime: string) =>
  recorded('MealRequested', { requestId, ...students[student], mealId, mealTitle: `Meal ${mealId}`, distributorName: 'Ada', requestTime });
const mealAdded = (mealId: string) =>
  recorded('MealAdded', {
    mealId,
    title: `Meal ${mealId}`,
    category: 'Dinner',
    image: `/api/media/${mealId}`,
    ingredients: [],
    description: '',
    price: 6,
    distributorName: 'Ada',
    distributorEmail: 'ada@hostel.test',
    rating: 0,
    postTime: '2026-11-01T08:00:00.000Z',
  });

beforeAll(async () => {
  database = await createReadModelDatabase();
  await database.given(
    mealAdded('m-1'),
    mealAdded('m-2'),
    recorded('MealLiked', { mealId: 'm-1', userId: 'u-x' }),
    recorded('ReviewAdded', {
      reviewId: 'r-1',
      mealId: 'm-1',
      mealTitle: 'Meal m-1',
      distributorName: 'Ada',
      userId: 'u-x',
      userEmail: 'x@example.com',
      userName: 'X',
      review: 'Yum',
      createdAt: '2026-11-01T09:00:00.000Z',
    }),
    requested('q-1', 'sam', 'm-1', '2026-11-02T08:00:00.000Z'),
    requested('q-2', 'sam', 'm-2', '2026-11-04T08:00:00.000Z'),
    // Asked in the same second as q-2: the id breaks the tie.
    requested('q-3', 'sam', 'm-1', '2026-11-04T08:00:00.000Z'),
    requested('q-4', 'kim', 'm-1', '2026-11-03T08:00:00.000Z'),
    requested('q-5', 'kim', 'm-gone', '2026-11-05T08:00:00.000Z'),
    recorded('MealRequestServed', { requestId: 'q-1', userId: 'u-sam', mealId: 'm-1', servedAt: '2026-11-02T09:00:00.000Z' }),
  );
});
afterAll(async () => {
  await database?.close();
});

const ids = (page: { items: { _id: string }[] }) => page.items.map((request) => request._id);

describe('meal requests queries', () => {
  it("lists one student's requests newest first (the id breaks ties), by email asked in lower case, with the total", async () => {
    const page = await listMealRequestsOf(database.db, { userEmail: 'sam@example.com', skip: 0, limit: 10 });
    expect(ids(page)).toEqual(['q-3', 'q-2', 'q-1']);
    expect(page.total).toBe(3);
    expect(await listMealRequestsOf(database.db, { userEmail: 'sam@example.com', skip: 1, limit: 1 }).then((second) => [ids(second), second.total])).toEqual([
      ['q-2'],
      3,
    ]);
    expect(await listMealRequestsOf(database.db, { userEmail: 'nobody@example.com', skip: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it("narrows one student's requests to one meal (the meal page), the total too", async () => {
    const page = await listMealRequestsOf(database.db, { userEmail: 'sam@example.com', mealId: 'm-1', skip: 0, limit: 10 });
    expect(ids(page)).toEqual(['q-3', 'q-1']);
    expect(page.total).toBe(2);
  });

  it("answers each request in the API's shape, with its meal's current counts (0 for a meal gone) and its status", async () => {
    const { items } = await listMealRequestsOf(database.db, { userEmail: 'sam@example.com', skip: 2, limit: 1 });
    expect(items).toEqual([
      {
        _id: 'q-1',
        userName: 'Sam Spade',
        userEmail: 'Sam@Example.com',
        userBadge: 'Gold',
        mealId: 'm-1',
        mealTitle: 'Meal m-1',
        distributorName: 'Ada',
        status: 'Delivered',
        requestTime: '2026-11-02T08:00:00.000Z',
        mealLikes: 1,
        mealReviewCount: 1,
      },
    ]);
    const kims = await listMealRequestsOf(database.db, { userEmail: 'kim@example.com', skip: 0, limit: 10 });
    expect(kims.items.map((request) => [request._id, request.status, request.userBadge, request.mealLikes, request.mealReviewCount])).toEqual([
      ['q-5', 'Pending', null, 0, 0],
      ['q-4', 'Pending', null, 1, 1],
    ]);
  });

  it("lists everyone's requests newest first for the serve queue, a page at a time", async () => {
    const page = await listMealRequests(database.db, { skip: 0, limit: 3 });
    expect(ids(page)).toEqual(['q-5', 'q-3', 'q-2']);
    expect(page.total).toBe(5);
  });

  it('searches the queue by a substring of the email or the name, in any case; % and _ are text', async () => {
    const sams = await listMealRequests(database.db, { search: 'SPADE', skip: 0, limit: 10 });
    expect(ids(sams)).toEqual(['q-3', 'q-2', 'q-1']);
    expect(sams.total).toBe(3);
    expect(ids(await listMealRequests(database.db, { search: 'kim@exa', skip: 0, limit: 10 }))).toEqual(['q-5', 'q-4']);
    expect(ids(await listMealRequests(database.db, { search: '100%', skip: 0, limit: 10 }))).toEqual(['q-5', 'q-4']);
    expect(await listMealRequests(database.db, { search: 'S_m', skip: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it('drops a cancelled request from every list', async () => {
    await database.given(recorded('MealRequestCancelled', { requestId: 'q-2', userId: 'u-sam', mealId: 'm-2' }));
    expect(ids(await listMealRequestsOf(database.db, { userEmail: 'sam@example.com', skip: 0, limit: 10 }))).toEqual(['q-3', 'q-1']);
    expect((await listMealRequests(database.db, { skip: 0, limit: 10 })).total).toBe(4);
  });
});

describe('the kitchen queue and its waiting times', () => {
  // After the lists above: q-1 Delivered on 2 November after an hour; q-3, q-4, q-5 Pending.
  const kitchen = (requestId: string, userId: string, mealId: string) => ({ requestId, userId, mealId });
  const window = 120_000;
  const at = (time: string) => new Date(`2026-11-05T${time}.000Z`);

  it('answers what is to do oldest first, then what was just delivered, each with its category and until when it can be recalled', async () => {
    await database.given(
      recorded('MealRequestApproved', { ...kitchen('q-4', 'u-kim', 'm-1'), approvedAt: '2026-11-05T10:00:00.000Z', approvedBy: 'admin' }),
      recorded('MealRequestServed', { ...kitchen('q-3', 'u-sam', 'm-1'), servedAt: '2026-11-05T10:02:00.000Z', servedBy: 'admin' }),
    );
    const queue = await listServeQueue(database.db, { recallWindowMs: window, now: at('10:03:00') });
    expect(queue.map((item) => [item._id, item.status, item.category, item.recallableUntil])).toEqual([
      ['q-4', 'Approved', 'Dinner', null],
      ['q-5', 'Pending', null, null],
      ['q-3', 'Delivered', 'Dinner', '2026-11-05T10:04:00.000Z'],
    ]);
    expect(queue[0]).toEqual({
      _id: 'q-4',
      mealId: 'm-1',
      mealTitle: 'Meal m-1',
      category: 'Dinner',
      userName: 'Kim 100% Real',
      userEmail: 'kim@example.com',
      status: 'Approved',
      requestTime: '2026-11-03T08:00:00.000Z',
      approvedAt: '2026-11-05T10:00:00.000Z',
      servedAt: null,
      recallableUntil: null,
      ticket: null,
    });
    // Past the window the delivered meal leaves the screen; a category narrows it.
    expect((await listServeQueue(database.db, { recallWindowMs: window, now: at('10:04:01') })).map((item) => item._id)).toEqual(['q-4', 'q-5']);
    expect((await listServeQueue(database.db, { category: 'Dinner', recallWindowMs: window, now: at('10:03:00') })).map((item) => item._id)).toEqual([
      'q-4',
      'q-3',
    ]);
    expect(await listServeQueue(database.db, { category: 'Lunch', recallWindowMs: window, now: at('10:03:00') })).toEqual([]);
  });

  it("numbers each ticket by its place among the requests made since the kitchen's midnight, a cancelled one still counted", async () => {
    // q-2 (cancelled) and q-3 were made on 4 November at the same time, q-5 on the 5th; q-4 on the 3rd.
    const tickets = async (since: string) =>
      Object.fromEntries(
        (await listServeQueue(database.db, { since: new Date(since), recallWindowMs: window, now: at('10:03:00') })).map((item) => [item._id, item.ticket]),
      );
    expect(await tickets('2026-11-04T00:00:00.000Z')).toEqual({ 'q-4': null, 'q-3': 2, 'q-5': 3 });
    expect(await tickets('2026-11-05T00:00:00.000Z')).toEqual({ 'q-4': null, 'q-3': null, 'q-5': 1 });
  });

  it('counts each stage, deliveries since the start of the day', async () => {
    expect(await countServeQueue(database.db, { since: at('00:00:00') })).toEqual({ Pending: 1, Approved: 1, Delivered: 1 });
    expect(await countServeQueue(database.db, { since: new Date('2026-11-02T00:00:00.000Z') })).toEqual({ Pending: 1, Approved: 1, Delivered: 2 });
    expect(await countServeQueue(database.db, { category: 'Dinner', since: at('00:00:00') })).toEqual({ Pending: 0, Approved: 1, Delivered: 1 });
  });

  it("gives the day's average and 90th percentile wait from request to Delivered", async () => {
    // q-1 waited 1 h; q-3 26 h 2 min.
    expect(await waitingTimes(database.db, new Date('2026-11-02T00:00:00.000Z'))).toEqual({
      since: '2026-11-02T00:00:00.000Z',
      delivered: 2,
      timed: 2,
      averageMs: 48_660_000,
      p90Ms: 84_708_000,
    });
    expect(await waitingTimes(database.db, at('11:00:00'))).toEqual({
      since: '2026-11-05T11:00:00.000Z',
      delivered: 0,
      timed: 0,
      averageMs: null,
      p90Ms: null,
    });
  });

  it('takes a recalled delivery out of the waiting times and back into the queue, approved', async () => {
    await database.given(
      recorded('MealRequestRecalled', {
        ...kitchen('q-3', 'u-sam', 'm-1'),
        from: 'Delivered',
        to: 'Approved',
        recalledAt: '2026-11-05T10:03:00.000Z',
        recalledBy: 'admin',
      }),
    );
    const queue = await listServeQueue(database.db, { recallWindowMs: window, now: at('10:03:30') });
    expect(queue.map((item) => [item._id, item.status, item.approvedAt, item.servedAt, item.recallableUntil])).toEqual([
      ['q-4', 'Approved', '2026-11-05T10:00:00.000Z', null, null],
      ['q-3', 'Approved', '2026-11-05T10:03:00.000Z', null, null],
      ['q-5', 'Pending', null, null, null],
    ]);
    expect((await waitingTimes(database.db, new Date('2026-11-02T00:00:00.000Z'))).delivered).toBe(1);
  });

  it('times only deliveries that waited at least TIMED_WAIT_MIN_MS: one served within seconds of its request was scripted (the demo data)', async () => {
    const day = new Date('2026-12-01T00:00:00.000Z');
    await database.given(
      requested('q-6', 'sam', 'm-2', '2026-12-01T12:00:00.000Z'),
      recorded('MealRequestServed', { requestId: 'q-6', userId: 'u-sam', mealId: 'm-2', servedAt: '2026-12-01T12:00:04.999Z' }),
    );
    expect(await waitingTimes(database.db, day)).toEqual({ since: day.toISOString(), delivered: 1, timed: 0, averageMs: null, p90Ms: null });

    await database.given(
      requested('q-7', 'kim', 'm-2', '2026-12-01T12:00:00.000Z'),
      recorded('MealRequestServed', { requestId: 'q-7', userId: 'u-kim', mealId: 'm-2', servedAt: '2026-12-01T12:04:00.000Z' }),
    );
    expect(await waitingTimes(database.db, day)).toEqual({ since: day.toISOString(), delivered: 2, timed: 1, averageMs: 240_000, p90Ms: 240_000 });
  });
});
