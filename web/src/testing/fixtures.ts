import {
  badgeName,
  type DomainEvent,
  displayPrice,
  type MealDto,
  mealRequestId,
  type MealRequestDto,
  MEMBERSHIP_PACKAGES,
  type PackageName,
  PAYMENT_CURRENCY,
  RECALL_WINDOW_MS,
  requesterOf,
  type PaymentDto,
  type ReviewDto,
  type ServeQueueAnswer,
  type ServeQueueItem,
  type UpcomingMealDto,
  type WaitingTimes,
} from '@hostel/contracts';
import { mealRequestsDecider, mealRequestsStream, mealStream, reviewStream, upcomingStream } from '@hostel/domain/deciders';
import { recallableUntil } from '@hostel/read-models/pure';
import { userDto } from './api/commands';
import { db, type UserRecord } from './api/db';
import { type History, stateOf } from './api/http';
import { answerPages } from './api/server';

/**
 * Test data, no API behaviour: what the read API answers, typed with the contracts' DTOs (a test states
 * them with `answer`/`answerPages`), a payment, a mailed link's token, and the streams' history the command side
 * decides on (`given`). Shapes only: what a list holds, its order, counts and joins are each test's to state.
 */

/** Times a minute further from 20 November 2026 with each call (before it, for `-1`): what makes a list's times differ. */
function minutes(direction: 1 | -1) {
  let made = 0;
  return () => new Date(Date.UTC(2026, 10, 20) + direction * ++made * 60_000).toISOString();
}
const [mealPosted, upcomingDated, requestMade] = [minutes(-1), minutes(-1), minutes(1)];

/** A token shaped like the server's mailed-link tokens (`<userId>.<43 base64url>`); `n` tells them apart. */
export const mailedToken = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}.${'a'.repeat(43)}`;

/** A payment `email` made for `packageName`, priced from the catalogue. */
export function makePayment(email: string, packageName: PackageName, overrides: Partial<PaymentDto> = {}): PaymentDto {
  const { badge, price } = MEMBERSHIP_PACKAGES[packageName];
  const _id = overrides._id ?? crypto.randomUUID();
  const money = { amount: price, price: displayPrice(price), currency: PAYMENT_CURRENCY };
  return { _id, email, package: packageName, badge: badgeName(badge), ...money, providerRef: `sandbox_${_id}`, date: '2026-11-01T12:00:00.000Z', ...overrides };
}

/** What a meal and an upcoming one share: Chef Ana's, its image served under its id. */
const dish = (_id: string) => ({
  _id,
  image: `/api/media/${_id}`,
  distributorName: 'Chef Ana',
  distributorEmail: 'ana@hostel.test',
  likes: 0,
  likedByMe: false,
});

/** A meal as the catalogue answers it (MealDto); each one made is older than the one before. */
export function makeMeal(overrides: Partial<MealDto> & Pick<MealDto, 'title'>): MealDto {
  const reviews = overrides.reviews_count ?? overrides.reviewCount ?? 0;
  const meal = { category: 'Breakfast', ingredients: ['eggs', 'toast'], description: 'A warm plate', price: 5, rating: 4.5 } satisfies Partial<MealDto>;
  return { ...dish(overrides._id ?? crypto.randomUUID()), ...meal, postTime: mealPosted(), ...overrides, reviews_count: reviews, reviewCount: reviews };
}

/** An upcoming meal as the list answers it (UpcomingMealDto); each one made is older than the one before. */
export function makeUpcomingMeal(overrides: Partial<UpcomingMealDto> & Pick<UpcomingMealDto, 'title'>): UpcomingMealDto {
  const meal = {
    category: 'Dinner',
    ingredients: ['rice', 'beans'],
    description: 'Coming soon',
    price: 6,
    likedUsers: [],
    reviewCount: 0,
    rating: 0,
  } satisfies Partial<UpcomingMealDto>;
  return { ...dish(overrides._id ?? crypto.randomUUID()), ...meal, date: upcomingDated(), ...overrides };
}

/** A review as the lists answer it (ReviewDto), with its meal's counts as they are joined in. */
export function makeReview(overrides: Partial<ReviewDto> & Pick<ReviewDto, 'mealId' | 'mealTitle' | 'userEmail'>): ReviewDto {
  const [userName = 'Someone'] = overrides.userEmail.split('@');
  const joined = { distributorName: 'Chef Ana', mealLikes: 0, mealReviewCount: 0 };
  return { _id: crypto.randomUUID(), userName, review: 'Tasty.', createdAt: '2026-11-21T12:00:00.000Z', ...joined, ...overrides };
}

/** The review was added by `authorId`: what deleting it is decided on. */
export function reviewHistory(
  { _id: reviewId, mealId, mealTitle, distributorName, userEmail, userName, review, createdAt }: ReviewDto,
  authorId: string,
): History {
  const data = { reviewId, mealId, mealTitle, distributorName, userId: authorId, userEmail, userName, review, createdAt };
  return { stream: reviewStream(reviewId), events: [{ type: 'ReviewAdded', data }] };
}

/** The upcoming meal was added and liked `meal.likes` times, by `likers` (others, unless given): what a like or a publish is decided on. */
export function upcomingHistory(meal: UpcomingMealDto, likers = Array.from({ length: meal.likes }, (_, n) => `liker-${n + 1}`)): History {
  const { _id: upcomingId, title, category, image, ingredients, description, price, distributorName, distributorEmail, date: addedAt } = meal;
  const data = { upcomingId, title, category, image, ingredients, description, price, distributorName, distributorEmail, addedAt };
  const likes = likers.map((userId, n): DomainEvent => ({ type: 'UpcomingMealLiked', data: { upcomingId, userId, likes: n + 1 } }));
  return { stream: upcomingStream(upcomingId), events: [{ type: 'UpcomingMealAdded', data }, ...likes] };
}

/** The meal was added (and is listed): what a command on it, or a request or review of it, is decided on. */
export function mealHistory(meal: MealDto): History {
  const { _id: mealId, title, category, image, ingredients, description, price, distributorName, distributorEmail, rating, postTime } = meal;
  const data = { mealId, title, category, image, ingredients, description, price, distributorName, distributorEmail, rating, postTime };
  return { stream: mealStream(mealId), events: [{ type: 'MealAdded', data }] };
}

/** Who a request is made by: an account with a UUID, as request ids name their student's stream with it. */
export type Requester = Pick<UserRecord, '_id' | 'email' | 'name'>;

const ordinals = new Map<string, number>();
/** What a request in any list says of who asked for which meal, under the next request id of `who` (`<userId>.<n>`). */
function asked(meal: { _id: string; title: string }, who: Requester) {
  const ordinal = (ordinals.get(who._id) ?? 0) + 1;
  ordinals.set(who._id, ordinal);
  return {
    _id: mealRequestId(who._id, ordinal),
    userName: who.name,
    userEmail: who.email,
    mealId: meal._id,
    mealTitle: meal.title,
    status: 'Pending' as const,
  };
}

/** A request in a student's list or the admins' (MealRequestDto); each one made is newer than the one before. */
export function makeMealRequest(meal: { _id: string; title: string }, who: Requester, overrides: Partial<MealRequestDto> = {}): MealRequestDto {
  const joined = { userBadge: null, distributorName: 'Chef Ana', mealLikes: 0, mealReviewCount: 0 };
  return { ...asked(meal, who), ...joined, requestTime: requestMade(), ...overrides };
}

/** A request on the kitchen's queue (ServeQueueItem), made at `requestTime`. */
export function makeQueueItem(
  meal: { _id: string; title: string; category: MealDto['category'] },
  who: Requester,
  requestTime: string,
  overrides: Partial<ServeQueueItem> = {},
): ServeQueueItem {
  const stages = { approvedAt: null, servedAt: null, recallableUntil: null, ticket: null };
  return { ...asked(meal, who), category: meal.category, requestTime, ...stages, ...overrides };
}

/** The queue's answer: `items` in the order the read model gives them, with the counts and waiting times stated. */
export function makeQueue(
  items: ServeQueueItem[],
  { counts, waiting = makeWaiting(), position = null }: { counts?: Partial<ServeQueueAnswer['counts']>; waiting?: WaitingTimes; position?: string | null } = {},
): ServeQueueAnswer {
  return { items, counts: { Pending: 0, Approved: 0, Delivered: 0, ...counts }, waiting, position };
}

/** The day's waiting figures (GET /api/serveQueue/waiting): none delivered yet unless stated. */
export const makeWaiting = (overrides: Partial<WaitingTimes> = {}): WaitingTimes => ({
  since: '2026-11-26T00:00:00.000Z',
  delivered: 0,
  timed: 0,
  averageMs: null,
  p90Ms: null,
  ...overrides,
});

/** A request's stage as its stream records it: asked for, then approved and served as its times say. */
type Staged = Pick<ServeQueueItem, '_id' | 'mealId' | 'mealTitle' | 'status' | 'requestTime'> & Partial<Pick<ServeQueueItem, 'approvedAt' | 'servedAt'>>;

/** `who`'s requests, oldest first, at the stage each is at: what the kitchen's commands and a cancel decide on. */
export function requestHistory(who: Requester, ...requests: Staged[]): History {
  const userId = who._id;
  const events = requests.flatMap(({ _id: requestId, mealId, mealTitle, requestTime, status, ...times }): DomainEvent[] => {
    const user = { userId, userEmail: who.email, userName: who.name, userBadge: null };
    const approvedAt = times.approvedAt ?? requestTime;
    const stages: DomainEvent[] = [
      { type: 'MealRequested', data: { requestId, ...user, mealId, mealTitle, distributorName: 'Chef Ana', requestTime } },
      { type: 'MealRequestApproved', data: { requestId, userId, mealId, approvedAt, approvedBy: 'admin' } },
      { type: 'MealRequestServed', data: { requestId, userId, mealId, servedAt: times.servedAt ?? approvedAt, servedBy: 'admin' } },
    ];
    return stages.slice(0, { Pending: 1, Approved: 2, Delivered: 3 }[status]);
  });
  return { stream: mealRequestsStream(userId), events };
}

/**
 * `requests` as their streams hold them now: each at the stage the domain's own fold (evolve) puts it,
 * recallable for as long as the read model's own `recallableUntil` says; cancelled ones gone. For a
 * test's reads after the kitchen or the student changed them (their history given).
 */
export function current<T extends Pick<ServeQueueItem, '_id' | 'status'> & Partial<Pick<ServeQueueItem, 'recallableUntil'>>>(requests: readonly T[]): T[] {
  return requests.flatMap((request) => {
    const requester = requesterOf(request._id);
    const entry = requester && stateOf(mealRequestsDecider, mealRequestsStream(requester)).requests.find((candidate) => candidate.requestId === request._id);
    if (!entry) return [];
    const until = recallableUntil(entry.advancedAt ? new Date(entry.advancedAt) : null, RECALL_WINDOW_MS, new Date());
    return [{ ...request, status: entry.status, ...('recallableUntil' in request ? { recallableUntil: until } : {}) }];
  });
}

/** For this test, the admins' list (GET /users) answers the seeded users as they are now (a promotion shows), a page at a time; a search finds no one. */
export const answerUsers = () => answerPages('/users', (query) => (query.get('search') ? [] : db.users.map(userDto)));
