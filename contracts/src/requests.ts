import { z } from 'zod';
import { BADGE_NAMES, DASHBOARD_PAGE_SIZE, MEAL_CATEGORIES } from './constants';
import { listQuery, text } from './text';

/**
 * Meal requests move Pending → Approved (the kitchen accepted it and is preparing it) → Delivered,
 * each stage an admin's command; Serve may also take a Pending request straight to Delivered.
 */
export const MEAL_REQUEST_STATUSES = ['Pending', 'Approved', 'Delivered'] as const;
export type MealRequestStatus = (typeof MEAL_REQUEST_STATUSES)[number];

/**
 * A request's id names its stream: `<userId>.<n>`, the student's n-th request. One stream holds one
 * student's requests, so "one open request per meal" is decided on a single stream, atomically.
 */
export const mealRequestId = (userId: string, ordinal: number) => `${userId}.${ordinal}`;
const REQUEST_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9]\d{0,8})$/;
/** The student whose stream holds the request, or undefined for a malformed id. */
export function requesterOf(requestId: string): string | undefined {
  return REQUEST_ID.exec(requestId)?.[1];
}
export const MealRequestIdParam = z.object({ id: text('Request id').regex(REQUEST_ID, 'Request not found') });

/**
 * `POST /api/mealRequests`. The spec's client also sends userName, userEmail, mealTitle,
 * distributorName, status, requestTime and userBadge: ignored (stripped), the server fills them
 * from the account and the catalogue, and every request starts Pending.
 */
export const RequestMealBody = z.object({ mealId: z.uuid({ error: 'Meal not found' }) });
export type RequestMealBody = z.infer<typeof RequestMealBody>;

/** `GET /api/mealRequests`: one student's requests (their own, or anyone's for an admin), optionally for one meal. */
export const MyMealRequestsQuery = listQuery(
  {
    userEmail: text('userEmail', { error: 'userEmail is required' }).trim().toLowerCase().min(1, 'userEmail is required').max(254, 'userEmail is too long'),
    mealId: z.uuid({ error: 'Meal not found' }).optional(),
  },
  DASHBOARD_PAGE_SIZE,
);

/** `GET /api/requestedMeals/admin`: every request, newest first, matching the search in the user's email or name. */
export const AdminMealRequestsQuery = listQuery({ search: text('search').trim().max(100, 'search is too long').optional() }, DASHBOARD_PAGE_SIZE);

/** A request as My Requested Meals, the meal page and Serve Meals read it, with its meal's current counts. */
export const MealRequestDto = z.object({
  _id: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userBadge: z.enum(BADGE_NAMES).nullable(),
  mealId: z.string(),
  mealTitle: z.string(),
  distributorName: z.string(),
  status: z.enum(MEAL_REQUEST_STATUSES),
  requestTime: z.string(),
  mealLikes: z.number(),
  mealReviewCount: z.number(),
});
export type MealRequestDto = z.infer<typeof MealRequestDto>;

/**
 * How long after an admin moved a request on (Approve or Serve) it may be taken back one stage
 * (Recall): long enough to catch a wrong tap, short enough that a handed-over meal stays handed over.
 */
export const RECALL_WINDOW_MS = 2 * 60_000;

/** The queue screen's waiting thresholds by default, in minutes: past the first a request is late, past the second very late (the kitchen may change both). */
export const QUEUE_THRESHOLDS_MINUTES = { late: 5, veryLate: 10 } as const;

/** `GET /api/serveQueue`: the kitchen's queue, for one category of meal or all; `since` starts "today" (the screen's local midnight; default: the server's UTC midnight). */
export const ServeQueueQuery = z.object({
  category: z.enum(MEAL_CATEGORIES, { error: `category must be one of ${MEAL_CATEGORIES.join(', ')}` }).optional(),
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO date and time' }).optional(),
});

/** `GET /api/serveQueue/waiting`: today's waiting times (`since` as above). */
export const WaitingTimesQuery = ServeQueueQuery.pick({ since: true });

/** One request on the queue screen. */
export const ServeQueueItem = z.object({
  _id: z.string(),
  mealId: z.string(),
  mealTitle: z.string(),
  /** The meal's category now; null when the meal has since been deleted. */
  category: z.enum(MEAL_CATEGORIES).nullable(),
  userName: z.string(),
  userEmail: z.string(),
  status: z.enum(MEAL_REQUEST_STATUSES),
  requestTime: z.string(),
  approvedAt: z.string().nullable(),
  servedAt: z.string().nullable(),
  /** Until when an admin may take the last stage change back (null: nothing to recall). */
  recallableUntil: z.string().nullable(),
  /** Its ticket: its place among the day's requests (since `since`), which never changes; null for a request of an earlier day. */
  ticket: z.number().nullable(),
});
export type ServeQueueItem = z.infer<typeof ServeQueueItem>;

/**
 * The shortest wait from request to Delivered that the day's waiting figures count. No kitchen hands a
 * meal over within seconds of its request (someone has to see it, then tap Serve), so a quicker delivery
 * was made by a script (the demo's data, an import); counted, its 00:00 would pass for the kitchen's speed.
 */
export const TIMED_WAIT_MIN_MS = 5_000;

/**
 * Today's waiting times from request to Delivered, in milliseconds: `delivered` counts every delivery
 * since `since`, `timed` those that waited at least TIMED_WAIT_MIN_MS; the average and 90th percentile
 * are over the timed ones (null until there is one).
 */
export const WaitingTimes = z.object({
  since: z.string(),
  delivered: z.number(),
  timed: z.number(),
  averageMs: z.number().nullable(),
  p90Ms: z.number().nullable(),
});
export type WaitingTimes = z.infer<typeof WaitingTimes>;

/**
 * The queue: Pending and Approved requests oldest first, then those Delivered within the recall
 * window (so a wrong tap can be taken back); counts per stage (Delivered: today's); and the log
 * position the answer reflects at least, for catching up after a lost connection (`X-Min-Position`).
 */
export const ServeQueueAnswer = z.object({
  items: z.array(ServeQueueItem),
  counts: z.object({ Pending: z.number(), Approved: z.number(), Delivered: z.number() }),
  waiting: WaitingTimes,
  position: z.string().nullable(),
});
export type ServeQueueAnswer = z.infer<typeof ServeQueueAnswer>;

/** The answer of the request commands. */
export const MealRequestAnswer = z.object({
  _id: z.string().optional(),
  message: z.string(),
  status: z.enum(MEAL_REQUEST_STATUSES).optional(),
  position: z.string().optional(),
});
export type MealRequestAnswer = z.infer<typeof MealRequestAnswer>;
