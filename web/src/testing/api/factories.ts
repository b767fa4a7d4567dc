import {
  type DomainEvent,
  type MealDto,
  type ReviewDto,
  type UpcomingMealDto,
  mealRequestId,
  type MealRequestDto,
  RECALL_WINDOW_MS,
  requesterOf,
  type ServeQueueAnswer,
  type ServeQueueItem,
  type WaitingTimes,
} from '@hostel/contracts';
import { mealRequestsDecider, mealRequestsStream, mealStream, reviewStream, upcomingStream } from '@hostel/domain/deciders';
import { recallableUntil } from '@hostel/read-models/pure';
import { type History, stateOf } from './http';

/**
 * Fixtures: what the read API answers, typed with the contracts' DTOs (a test states them with
 * `answer`/`answerPages`), and the streams' history the command side decides on (`given`). Shapes
 * only: what a list holds, its order, counts and joins are each test's to state.
 */

const minutes = (n: number) => n * 60_000;
const at = (ms: number) => new Date(ms).toISOString();
const BASE = Date.UTC(2026, 10, 20);

let mealsMade = 0;
/** A meal as the catalogue answers it (MealDto); each one made is a minute older than the one before. */
export function makeMeal(overrides: Partial<MealDto> & Pick<MealDto, 'title'>): MealDto {
  const _id = overrides._id ?? crypto.randomUUID();
  const reviews = overrides.reviews_count ?? overrides.reviewCount ?? 0;
  return {
    _id,
    category: 'Breakfast',
    image: `/api/media/${_id}`,
    ingredients: ['eggs', 'toast'],
    description: 'A warm plate',
    price: 5,
    postTime: at(BASE - minutes(++mealsMade)),
    distributorName: 'Chef Ana',
    distributorEmail: 'ana@hostel.test',
    rating: 4.5,
    likes: 0,
    likedByMe: false,
    ...overrides,
    reviews_count: reviews,
    reviewCount: reviews,
  };
}

/** A review as the lists answer it (ReviewDto), with its meal's counts as they are joined in. */
export function makeReview(overrides: Partial<ReviewDto> & Pick<ReviewDto, 'mealId' | 'mealTitle' | 'userEmail'>): ReviewDto {
  return {
    _id: crypto.randomUUID(),
    distributorName: 'Chef Ana',
    userName: overrides.userEmail.split('@')[0] ?? 'Someone',
    review: 'Tasty.',
    createdAt: '2026-11-21T12:00:00.000Z',
    mealLikes: 0,
    mealReviewCount: 0,
    ...overrides,
  };
}

/** The review was added by `authorId`: what deleting it is decided on. */
export function reviewHistory(
  { _id: reviewId, mealId, mealTitle, distributorName, userEmail, userName, review, createdAt }: ReviewDto,
  authorId: string,
): History {
  const data = { reviewId, mealId, mealTitle, distributorName, userId: authorId, userEmail, userName, review, createdAt };
  return { stream: reviewStream(reviewId), events: [{ type: 'ReviewAdded', data }] };
}

let upcomingMade = 0;
/** An upcoming meal as the list answers it (UpcomingMealDto); each one made is a minute older than the one before. */
export function makeUpcomingMeal(overrides: Partial<UpcomingMealDto> & Pick<UpcomingMealDto, 'title'>): UpcomingMealDto {
  const _id = overrides._id ?? crypto.randomUUID();
  return {
    _id,
    category: 'Dinner',
    image: `/api/media/${_id}`,
    ingredients: ['rice', 'beans'],
    description: 'Coming soon',
    price: 6,
    distributorName: 'Chef Ana',
    distributorEmail: 'ana@hostel.test',
    date: at(BASE - minutes(++upcomingMade)),
    likes: 0,
    likedByMe: false,
    likedUsers: [],
    reviewCount: 0,
    rating: 0,
    ...overrides,
  };
}

/** The upcoming meal was added and liked `meal.likes` times, by `likers` (others, unless given): what a like or a publish is decided on. */
export function upcomingHistory(meal: UpcomingMealDto, likers = Array.from({ length: meal.likes }, (_, n) => `liker-${n + 1}`)): History {
  const { _id: upcomingId, title, category, image, ingredients, description, price, distributorName, distributorEmail, date: addedAt } = meal;
  const added: DomainEvent = {
    type: 'UpcomingMealAdded',
    data: { upcomingId, title, category, image, ingredients, description, price, distributorName, distributorEmail, addedAt },
  };
  const likes = likers.map((userId, n): DomainEvent => ({ type: 'UpcomingMealLiked', data: { upcomingId, userId, likes: n + 1 } }));
  return { stream: upcomingStream(upcomingId), events: [added, ...likes] };
}

/** The meal was added (and is listed): what a command on it, or a request or review of it, is decided on. */
export function mealHistory(meal: MealDto): History {
  const { _id: mealId, title, category, image, ingredients, description, price, distributorName, distributorEmail, rating, postTime } = meal;
  const data = { mealId, title, category, image, ingredients, description, price, distributorName, distributorEmail, rating, postTime };
  return { stream: mealStream(mealId), events: [{ type: 'MealAdded', data }] };
}

/** Who a request is made by: an account with a UUID, as request ids name their student's stream with it. */
export interface Requester {
  _id: string;
  email: string;
  name: string;
}

const ordinals = new Map<string, number>();
/** The next request id of `who` (`<userId>.<n>`). */
const nextRequestId = (who: Requester) => {
  const ordinal = (ordinals.get(who._id) ?? 0) + 1;
  ordinals.set(who._id, ordinal);
  return mealRequestId(who._id, ordinal);
};

let requestsMade = 0;
/** A request in a student's list or the admins' (MealRequestDto); each one made is a minute newer than the one before. */
export function makeMealRequest(meal: { _id: string; title: string }, who: Requester, overrides: Partial<MealRequestDto> = {}): MealRequestDto {
  return {
    _id: nextRequestId(who),
    userName: who.name,
    userEmail: who.email,
    userBadge: null,
    mealId: meal._id,
    mealTitle: meal.title,
    distributorName: 'Chef Ana',
    status: 'Pending',
    requestTime: at(BASE + minutes(++requestsMade)),
    mealLikes: 0,
    mealReviewCount: 0,
    ...overrides,
  };
}

/** A request on the kitchen's queue (ServeQueueItem), made at `requestTime`. */
export function makeQueueItem(
  meal: { _id: string; title: string; category: MealDto['category'] },
  who: Requester,
  requestTime: string,
  overrides: Partial<ServeQueueItem> = {},
): ServeQueueItem {
  return {
    _id: nextRequestId(who),
    mealId: meal._id,
    mealTitle: meal.title,
    category: meal.category,
    userName: who.name,
    userEmail: who.email,
    status: 'Pending',
    requestTime,
    approvedAt: null,
    servedAt: null,
    recallableUntil: null,
    ticket: null,
    ...overrides,
  };
}

/** The queue's answer: `items` in the order the read model gives them, with the counts and waiting times stated. */
export function makeQueue(
  items: ServeQueueItem[],
  {
    counts = { Pending: 0, Approved: 0, Delivered: 0 },
    waiting = makeWaiting(),
    position = null,
  }: { counts?: Partial<ServeQueueAnswer['counts']>; waiting?: WaitingTimes; position?: string | null } = {},
): ServeQueueAnswer {
  return { items, counts: { Pending: 0, Approved: 0, Delivered: 0, ...counts }, waiting, position };
}

/** A request's stage as its stream records it: asked for, then approved and served as its times say. */
type Staged = Pick<ServeQueueItem, '_id' | 'mealId' | 'mealTitle' | 'status' | 'requestTime'> & Partial<Pick<ServeQueueItem, 'approvedAt' | 'servedAt'>>;

/** `who`'s requests, oldest first, at the stage each is at: what the kitchen's commands and a cancel decide on. */
export function requestHistory(who: Requester, ...requests: Staged[]): History {
  const userId = who._id;
  const events = requests.flatMap((request): DomainEvent[] => {
    const { _id: requestId, mealId, mealTitle, requestTime } = request;
    const asked: DomainEvent = {
      type: 'MealRequested',
      data: { requestId, userId, userEmail: who.email, userName: who.name, userBadge: null, mealId, mealTitle, distributorName: 'Chef Ana', requestTime },
    };
    const approvedAt = request.approvedAt ?? requestTime;
    const approved: DomainEvent = { type: 'MealRequestApproved', data: { requestId, userId, mealId, approvedAt, approvedBy: 'admin' } };
    const served: DomainEvent = { type: 'MealRequestServed', data: { requestId, userId, mealId, servedAt: request.servedAt ?? approvedAt, servedBy: 'admin' } };
    return request.status === 'Pending' ? [asked] : request.status === 'Approved' ? [asked, approved] : [asked, approved, served];
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

/** The day's waiting figures (GET /api/serveQueue/waiting): none delivered yet unless stated. */
export const makeWaiting = (overrides: Partial<WaitingTimes> = {}): WaitingTimes => ({
  since: '2026-11-26T00:00:00.000Z',
  delivered: 0,
  averageMs: null,
  p90Ms: null,
  ...overrides,
});
