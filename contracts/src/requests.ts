import { z } from 'zod';
import { BADGES, DASHBOARD_PAGE_SIZE } from './constants';
import { paging, text } from './text';

/**
 * Meal requests. Pending when asked for; the admin's serve makes it Delivered. 'Approved' is a
 * state the screens colour but nothing sets (SPEC section 4).
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
export const MyMealRequestsQuery = z.object({
  userEmail: text('userEmail', { error: 'userEmail is required' }).trim().toLowerCase().min(1, 'userEmail is required').max(254, 'userEmail is too long'),
  mealId: z.uuid({ error: 'Meal not found' }).optional(),
  ...paging(DASHBOARD_PAGE_SIZE),
});

/** `GET /api/requestedMeals/admin`: every request, newest first, matching the search in the user's email or name. */
export const AdminMealRequestsQuery = z.object({ search: text('search').trim().max(100, 'search is too long').optional(), ...paging(DASHBOARD_PAGE_SIZE) });

/** A request as My Requested Meals, the meal page and Serve Meals read it, with its meal's current counts. */
export const MealRequestDto = z.object({
  _id: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userBadge: z.enum(BADGES).nullable(),
  mealId: z.string(),
  mealTitle: z.string(),
  distributorName: z.string(),
  status: z.enum(MEAL_REQUEST_STATUSES),
  requestTime: z.string(),
  mealLikes: z.number(),
  mealReviewCount: z.number(),
});
export type MealRequestDto = z.infer<typeof MealRequestDto>;

/** The answer of the three request commands. */
export const MealRequestAnswer = z.object({
  _id: z.string().optional(),
  message: z.string(),
  status: z.enum(MEAL_REQUEST_STATUSES).optional(),
  position: z.string().optional(),
});
export type MealRequestAnswer = z.infer<typeof MealRequestAnswer>;
