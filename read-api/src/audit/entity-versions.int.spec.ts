import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDiff, AuditEntitySearch, AuditEvent, AuditPage, AuditState, EventData, EventType } from '@hostel/contracts';
import { goldPaymentSucceeded } from '@hostel/domain/testing';
import { createPostgresEventStore, migrateEventStore } from '@hostel/eventstore/postgres';
import { createHttpServer } from '@hostel/platform/http';
import type { VerifiedAccess } from '@hostel/platform/tokens';
import type { ReadModelTables } from '@hostel/read-models';
import { createReadModelDatabase, mealAdded, recorded } from '@hostel/read-models/testing';
import type { ReadModelDatabase } from '@hostel/read-models/testing';
import type { ProjectedEvent } from '@hostel/read-models';
import { readApi } from '../app';
import { newAuditKey } from './digest';
import { createPositionWaiter } from '@hostel/read-models';
import type { PositionWaiter } from '@hostel/read-models';

/**
 * An entity's versions are its own events, whatever stream holds them: for every kind of entity,
 * two entities whose events share a stream (a student's requests; a user's stream and the payment
 * its badge names; a meal and the upcoming meal it was published from, a like naming a meal and a
 * student) each have their own versions, and the state at a version is told with that version's
 * event, its time and its actor. Events name what they mention as it was named then.
 */
const exp = Math.floor(Date.now() / 1000) + 3600;
const auditor: VerifiedAccess = { sub: 'u-audrey', email: 'audrey@example.com', name: 'Audrey', role: 'auditor', exp };

const [SAM, ADA, PIA] = ['9a1e1b40-0000-4000-8000-000000000001', '9a1e1b40-0000-4000-8000-000000000002', '9a1e1b40-0000-4000-8000-000000000003'];
const [DAL, SALMON, RISOTTO] = ['m-dal', 'm-salmon', 'm-risotto'];
const UPCOMING = 'up-biryani';
const PAYMENT = 'pay-1';
const [FIRST, SECOND, THIRD] = [`${SAM}.1`, `${SAM}.2`, `${SAM}.3`];

let minute = 0;
/** An event in `stream`, by `actor`, a minute after the one before. */
function event<T extends EventType>(type: T, data: EventData<T>, stream: string, actor: string): ProjectedEvent {
  const made = recorded(type, data, new Date(Date.UTC(2026, 10, 27, 12, 0) + ++minute * 60_000).toISOString());
  return { ...made, streamId: stream, actor, recorded: { ...made.recorded, streamId: stream } } as ProjectedEvent;
}
const registered = (userId: string, name: string, email: string) =>
  event('UserRegistered', { userId, name, email, photo: '', role: 'user' }, `user-${userId}`, userId);
const requested = (requestId: string, mealId: string, mealTitle: string) =>
  event(
    'MealRequested',
    {
      requestId,
      userId: SAM,
      userEmail: 'sam@example.com',
      userName: 'Sam Student',
      userBadge: 'gold',
      mealId,
      mealTitle,
      distributorName: 'Ada',
      requestTime: '2026-11-27T12:00:00.000Z',
    },
    `request-${SAM}`,
    SAM,
  );
const requestEvent = <T extends 'MealRequestApproved' | 'MealRequestCancelled' | 'MealRequestRecalled'>(type: T, data: EventData<T>, actor: string) =>
  event(type, data, `request-${SAM}`, actor);

const history = () => [
  registered(SAM, 'Sam Student', 'sam@example.com'),
  registered(ADA, 'Ada Admin', 'ada@hostel.test'),
  registered(PIA, 'Pia Payer', 'pia@example.com'),
  { ...mealAdded({ mealId: DAL, title: 'Dal Tadka' }), streamId: `meal-${DAL}`, actor: ADA },
  { ...mealAdded({ mealId: SALMON, title: 'Grilled Salmon' }), streamId: `meal-${SALMON}`, actor: ADA },
  { ...mealAdded({ mealId: RISOTTO, title: 'Mushroom Risotto' }), streamId: `meal-${RISOTTO}`, actor: ADA },
  // Three requests of one student, in one stream, interleaved.
  requested(FIRST, DAL, 'Dal Tadka'),
  requested(SECOND, SALMON, 'Grilled Salmon'),
  requestEvent('MealRequestApproved', { requestId: FIRST, userId: SAM, mealId: DAL, approvedAt: '2026-11-27T12:10:00.000Z', approvedBy: ADA }, ADA),
  requestEvent(
    'MealRequestRecalled',
    { requestId: FIRST, userId: SAM, mealId: DAL, from: 'Approved', to: 'Pending', recalledAt: '2026-11-27T12:11:00.000Z', recalledBy: ADA },
    ADA,
  ),
  requested(THIRD, RISOTTO, 'Mushroom Risotto'),
  requestEvent('MealRequestCancelled', { requestId: SECOND, userId: SAM, mealId: SALMON }, SAM),
  // The meal renamed after the first request: that request's events still read its old name.
  event('MealEdited', { mealId: DAL, changes: { title: 'Dal Tadka Deluxe', price: 7 } }, `meal-${DAL}`, ADA),
  // Likes and a review of the meal in streams of their own, naming the student too.
  event('MealLiked', { mealId: DAL, userId: SAM }, `like-${DAL}.${SAM}`, SAM),
  event(
    'ReviewAdded',
    {
      reviewId: 'r-1',
      mealId: DAL,
      mealTitle: 'Dal Tadka Deluxe',
      distributorName: 'Ada',
      userId: SAM,
      userEmail: 'sam@example.com',
      userName: 'Sam Student',
      review: 'Smoky',
      createdAt: '2026-11-27T12:30:00.000Z',
    },
    'review-r-1',
    SAM,
  ),
  event('UserProfileUpdated', { userId: SAM, name: 'Samuel Student', photo: '' }, `user-${SAM}`, SAM),
  // A payment, and the badge it bought recorded in the user's stream (naming the payment).
  event(
    'PaymentSucceeded',
    goldPaymentSucceeded({ paymentId: PAYMENT, userId: PIA, email: 'pia@example.com', paidAt: '2026-11-27T12:40:00.000Z' }),
    `payment-${PAYMENT}`,
    PIA,
  ),
  event('UserBadgeGranted', { userId: PIA, badge: 'gold', paymentId: PAYMENT }, `user-${PIA}`, 'system'),
  // An upcoming meal liked and published as a meal: the publication names the meal, yet is the upcoming meal's.
  event(
    'UpcomingMealAdded',
    {
      upcomingId: UPCOMING,
      title: 'Vote Biryani',
      category: 'Lunch',
      image: '/api/media/x',
      ingredients: ['rice'],
      description: 'On the vote',
      price: 7,
      distributorName: 'Ada',
      distributorEmail: 'ada@hostel.test',
      addedAt: '2026-11-27T12:00:00.000Z',
    },
    `upcoming-${UPCOMING}`,
    ADA,
  ),
  event('UpcomingMealLiked', { upcomingId: UPCOMING, userId: PIA, likes: 1 }, `upcoming-${UPCOMING}`, PIA),
  event('UpcomingMealPublished', { upcomingId: UPCOMING, mealId: 'm-biryani', publishedAt: '2026-11-27T13:00:00.000Z' }, `upcoming-${UPCOMING}`, ADA),
];

let readModels: ReadModelDatabase;
let waiter: PositionWaiter;
let app: FastifyInstance;
let db: Kysely<ReadModelTables>;

beforeAll(async () => {
  readModels = await createReadModelDatabase();
  ({ db } = readModels);
  await readModels.given(...history());
  waiter = await createPositionWaiter(db, readModels.url);
  ({ app } = await createHttpServer({ logger: pino({ level: 'silent' }), verifyAccessToken: async () => auditor, appOrigins: [] }));
  await migrateEventStore(readModels.pool);
  const store = createPostgresEventStore({ pool: readModels.pool });
  await app.register(async (scope) => readApi(scope, { db, waiter, store, databaseUrl: readModels.url, auditKey: newAuditKey() }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await waiter?.close();
  await readModels?.close();
});

async function get<T>(url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer audrey' } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}
const status = async (url: string) => (await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer audrey' } })).statusCode;
const typesOf = (events: AuditEvent[]) => events.map((one) => one.type);
const actorName = (event: AuditEvent) => event.names?.[`users:${(event.actor as { id: string }).id}`]?.name;

describe("an entity's versions are its own events", () => {
  it("a request's, among its student's three in one stream: its state at each version, with that version's event, time and actor", async () => {
    const latest = await get<AuditState>(`/api/audit/requests/${FIRST}/state`);
    expect([latest.version, latest.versions]).toEqual([3, 3]);
    // The stream's last event is the third request's cancellation of the second: not this one's.
    expect(latest.event).toMatchObject({ type: 'MealRequestRecalled', subject: { entity: 'requests', id: FIRST, version: 3 } });
    expect(latest.at).toBe(latest.event.occurredAt);
    expect(actorName(latest.event)).toBe('Ada Admin');
    expect(latest.state).toMatchObject({ requestId: FIRST, status: 'Pending' });
    const second = await get<AuditState>(`/api/audit/requests/${FIRST}/state?version=2`);
    expect([second.event.type, second.state.status, actorName(second.event)]).toEqual(['MealRequestApproved', 'Approved', 'Ada Admin']);
    const first = await get<AuditState>(`/api/audit/requests/${FIRST}/state?version=1`);
    expect([first.event.type, first.state.status, actorName(first.event)]).toEqual(['MealRequested', 'Pending', 'Sam Student']);
    expect(await status(`/api/audit/requests/${FIRST}/state?version=4`)).toBe(404);
    const third = await get<AuditState>(`/api/audit/requests/${THIRD}/state`);
    expect([third.version, third.versions, third.event.type]).toEqual([1, 1, 'MealRequested']);
  });

  it("a cancelled request's state is Cancelled, at its last version and by the time after it", async () => {
    const cancelled = await get<AuditState>(`/api/audit/requests/${SECOND}/state`);
    expect([cancelled.version, cancelled.event.type, cancelled.state.status]).toEqual([2, 'MealRequestCancelled', 'Cancelled']);
    const byTime = await get<AuditState>(`/api/audit/requests/${SECOND}/state?at=${new Date(Date.UTC(2027, 0, 1)).toISOString()}`);
    expect(byTime.state.status).toBe('Cancelled');
    const before = await get<AuditState>(`/api/audit/requests/${SECOND}/state?version=1`);
    expect(before.state.status).toBe('Pending');
  });

  it("a meal's versions hold its likes and reviews from streams of their own, and its state counts them; requests of it are not its versions", async () => {
    const latest = await get<AuditState>(`/api/audit/meals/${DAL}/state`);
    expect(latest.versions).toBe(4);
    expect(latest.event.type).toBe('ReviewAdded');
    expect(latest.state).toMatchObject({ title: 'Dal Tadka Deluxe', likes: 1, reviews: 1 });
    expect(latest.state).not.toHaveProperty('likedBy');
    const first = await get<AuditState>(`/api/audit/meals/${DAL}/state?version=1`);
    expect([first.event.type, first.at, first.state.likes]).toEqual(['MealAdded', first.event.occurredAt, 0]);
    // Its timeline still holds everything that mentions it: the requests of it too.
    const timeline = await get<AuditPage>(`/api/audit/meals/${DAL}?limit=100`);
    expect(typesOf(timeline.events)).toEqual([
      'MealAdded',
      'MealRequested',
      'MealRequestApproved',
      'MealRequestRecalled',
      'MealEdited',
      'MealLiked',
      'ReviewAdded',
    ]);
    expect(timeline.events.map((one) => one.subject?.entity === 'meals' && one.subject.version)).toEqual([1, false, false, false, 2, 3, 4]);
  });

  it("a user's versions are theirs, not the likes, reviews, requests and payments that name them", async () => {
    expect((await get<AuditState>(`/api/audit/users/${SAM}/state`)).versions).toBe(2);
    const pia = await get<AuditState>(`/api/audit/users/${PIA}/state`);
    expect([pia.versions, pia.event.type, pia.event.actor, pia.state.badge]).toEqual([2, 'UserBadgeGranted', 'system', 'gold']);
  });

  it("a payment's versions are its own, not the badge it bought in the user's stream", async () => {
    const payment = await get<AuditState>(`/api/audit/payments/${PAYMENT}/state`);
    expect([payment.versions, payment.event.type]).toEqual([1, 'PaymentSucceeded']);
    expect(payment.state).toMatchObject({ status: 'paid', package: 'Gold', price: '$39' });
  });

  it("an upcoming meal's versions include its publication, which is not a version of the meal it names", async () => {
    const upcoming = await get<AuditState>(`/api/audit/upcoming/${UPCOMING}/state`);
    expect([upcoming.versions, upcoming.event.type, upcoming.state.status, upcoming.state.likes]).toEqual([3, 'UpcomingMealPublished', 'published', 1]);
    expect(await status('/api/audit/meals/m-biryani/state')).toBe(404);
  });

  it('diffs any two versions (0 is before the first), with each step attributed', async () => {
    const whole = await get<AuditDiff>(`/api/audit/requests/${FIRST}/diff?from=0&to=3`);
    expect(whole.changes).toEqual(expect.arrayContaining([{ field: 'status', from: null, to: 'Pending' }]));
    expect(whole.steps.map((step) => [step.version, step.type])).toEqual([
      [1, 'MealRequested'],
      [2, 'MealRequestApproved'],
      [3, 'MealRequestRecalled'],
    ]);
    expect(whole.steps[1]!.actor).toMatchObject({ id: ADA, name: 'Ada Admin' });
    const meal = await get<AuditDiff>(`/api/audit/meals/${DAL}/diff?from=1&to=4`);
    expect(meal.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', from: 'Dal Tadka', to: 'Dal Tadka Deluxe' },
        { field: 'likes', from: 0, to: 1 },
        { field: 'reviews', from: 0, to: 1 },
      ]),
    );
    expect(await status(`/api/audit/meals/${DAL}/diff?from=1&to=5`)).toBe(404);
  });
});

describe('names as they were', () => {
  it('each event names what it mentions and its actor as they were named then', async () => {
    const { events } = await get<AuditPage>(`/api/audit/meals/${DAL}?limit=100`);
    const approved = events.find((one) => one.type === 'MealRequestApproved')!;
    expect(approved.names).toMatchObject({
      [`meals:${DAL}`]: { name: 'Dal Tadka' },
      [`users:${SAM}`]: { name: 'Sam Student', email: 'sam@example.com' },
      [`users:${ADA}`]: { name: 'Ada Admin', email: 'ada@hostel.test' },
    });
    const review = events.find((one) => one.type === 'ReviewAdded')!;
    expect(review.names?.[`meals:${DAL}`]?.name).toBe('Dal Tadka Deluxe');
    const { events: sams } = await get<AuditPage>(`/api/audit/users/${SAM}?limit=100`);
    expect(sams.at(-1)!.names?.[`users:${SAM}`]?.name).toBe('Samuel Student');
    const badge = (await get<AuditPage>(`/api/audit/payments/${PAYMENT}`)).events.find((one) => one.type === 'UserBadgeGranted')!;
    expect(badge.names?.[`payments:${PAYMENT}`]).toEqual({ name: 'Gold ($39)', email: 'pia@example.com' });
  });

  it('reads newest first with order=desc, a page after another', async () => {
    const oldest = (await get<AuditPage>(`/api/audit/meals/${DAL}?limit=100`)).events.map((one) => one.position);
    const first = await get<AuditPage>(`/api/audit/meals/${DAL}?limit=4&order=desc`);
    const rest = await get<AuditPage>(`/api/audit/meals/${DAL}?limit=4&order=desc&after=${first.next}`);
    expect([...first.events, ...rest.events].map((one) => one.position)).toEqual(oldest.toReversed());
    expect(rest.next).toBeUndefined();
    const search = await get<AuditPage>(`/api/audit/events?type=MealRequested&order=desc`);
    expect(search.events.map((one) => one.data.requestId)).toEqual([THIRD, SECOND, FIRST]);
  });
});

describe('the search box', () => {
  const found = async (q: string) => (await get<AuditEntitySearch>(`/api/audit/entities?q=${encodeURIComponent(q)}`)).entities;

  it('finds meals, upcoming meals and people by a name begun, a word of it, an email, or a name misspelt', async () => {
    expect((await found('mush'))[0]).toMatchObject({ entity: 'meals', id: RISOTTO, name: 'Mushroom Risotto', versions: 1 });
    expect((await found('risotto'))[0]).toMatchObject({ id: RISOTTO });
    expect((await found('Musroom Risoto'))[0]).toMatchObject({ id: RISOTTO });
    expect((await found('biryani'))[0]).toMatchObject({ entity: 'upcoming', id: UPCOMING });
    expect((await found('pia@'))[0]).toMatchObject({ entity: 'users', id: PIA, name: 'Pia Payer', email: 'pia@example.com' });
    // People by the name they have now; payments are not among what it finds.
    expect((await found('samuel'))[0]).toMatchObject({ entity: 'users', id: SAM });
    expect((await found('gold')).map((one) => one.entity)).not.toContain('payments');
    expect(await found('100% _')).toEqual([]);
  });

  it('answers 400 for an empty or oversized query', async () => {
    expect(await status('/api/audit/entities?q=')).toBe(400);
    expect(await status(`/api/audit/entities?q=${'x'.repeat(101)}`)).toBe(400);
  });
});
