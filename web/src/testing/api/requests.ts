import {
  AdminMealRequestsQuery,
  type MealRequestAnswer,
  type MealRequestDto,
  MyMealRequestsQuery,
  RECALL_WINDOW_MS,
  RequestMealBody,
  type ServeQueueAnswer,
  type ServeQueueItem,
  ServeQueueQuery,
  TIMED_WAIT_MIN_MS,
  type WaitingTimes,
  WaitingTimesQuery,
} from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { db, findUser, type MealRequestRecord, nextPosition, sameEmail } from './db';
import { admin, bodyOf, newestFirst, page, parse, queryOf, refuse, signedIn } from './http';

/**
 * Meal requests: a student asks (not with the bronze badge; one open request per meal), cancels their
 * own until Delivered; an admin approves, serves and recalls (one stage back, within RECALL_WINDOW_MS);
 * lists newest first with their meal's current counts; the kitchen's queue oldest first.
 */

function withMeal({ approvedAt: _approved, servedAt: _served, recallableUntil: _until, ...request }: MealRequestRecord): MealRequestDto {
  const meal = db.meals.find((candidate) => candidate._id === request.mealId);
  return { ...request, mealLikes: meal?.likes ?? 0, mealReviewCount: meal?.reviews_count ?? 0 };
}

const utcMidnight = () => new Date(new Date().toISOString().slice(0, 10)).toISOString();

/** A request on the queue, its ticket its place among the requests made since `since`. */
function queueItem(request: MealRequestRecord, since: string): ServeQueueItem {
  const meal = db.meals.find((candidate) => candidate._id === request.mealId);
  const sameDay = db.mealRequests
    .filter((other) => Date.parse(other.requestTime) >= Date.parse(since))
    .sort((left, right) => left.requestTime.localeCompare(right.requestTime) || left._id.localeCompare(right._id));
  const place = sameDay.indexOf(request);
  return {
    _id: request._id,
    mealId: request.mealId,
    mealTitle: request.mealTitle,
    category: meal?.category ?? null,
    userName: request.userName,
    userEmail: request.userEmail,
    status: request.status,
    requestTime: request.requestTime,
    approvedAt: request.approvedAt ?? null,
    servedAt: request.servedAt ?? null,
    recallableUntil: request.recallableUntil ?? null,
    ticket: place === -1 ? null : place + 1,
  };
}

/** Today's waits from request to Delivered: average and p90 (nearest rank), as the read model answers them. */
function waitingSince(since: string): WaitingTimes {
  const waits = db.mealRequests
    .filter((request) => request.status === 'Delivered' && request.servedAt && request.servedAt >= since)
    .map((request) => Date.parse(request.servedAt!) - Date.parse(request.requestTime))
    .sort((a, b) => a - b);
  // Only deliveries that waited at least TIMED_WAIT_MIN_MS are timed (a quicker one was scripted).
  const timed = waits.filter((wait) => wait >= TIMED_WAIT_MIN_MS);
  if (timed.length === 0) return { since, delivered: waits.length, averageMs: null, p90Ms: null };
  const averageMs = Math.round(timed.reduce((sum, wait) => sum + wait, 0) / timed.length);
  return { since, delivered: waits.length, averageMs, p90Ms: timed[Math.ceil(0.9 * timed.length) - 1]! };
}

const recallableNow = (request: MealRequestRecord) => Boolean(request.recallableUntil && Date.parse(request.recallableUntil) > Date.now());
const recallWindow = () => new Date(Date.now() + RECALL_WINDOW_MS).toISOString();

const newest = (requests: readonly MealRequestRecord[]) => newestFirst(requests, (request) => request.requestTime).map(withMeal);
const findRequest = (id: unknown) => db.mealRequests.find((request) => request._id === id) ?? refuse(404, 'Request not found');
const answer = (body: MealRequestAnswer, status = 200) => HttpResponse.json(body, { status });

export const requestHandlers = [
  // One student's requests (their own, or anyone's for an admin), optionally for one meal.
  http.get('/api/mealRequests', ({ request }) => {
    const claims = signedIn(request);
    const { userEmail, mealId, ...paging } = parse(MyMealRequestsQuery, queryOf(request), 'querystring');
    if (claims.role !== 'admin' && !sameEmail(userEmail, claims.email)) refuse(403, 'You can only see your own requests');
    return page(newest(db.mealRequests.filter((item) => sameEmail(item.userEmail, userEmail) && (!mealId || item.mealId === mealId))), paging);
  }),

  // The admins' Serve Meals queue: everyone's, searched in the user's email or name.
  http.get('/api/requestedMeals/admin', ({ request }) => {
    admin(request);
    const { search = '', ...paging } = parse(AdminMealRequestsQuery, queryOf(request), 'querystring');
    const matches = (text: string) => text.toLowerCase().includes(search.toLowerCase());
    return page(newest(db.mealRequests.filter((item) => matches(item.userEmail) || matches(item.userName))), paging);
  }),

  // Who asks and what the meal is called come from the account and the catalogue, never the body.
  http.post('/api/mealRequests', async ({ request }) => {
    const claims = signedIn(request);
    const { mealId } = parse(RequestMealBody, await bodyOf(request), 'body');
    const user = findUser(claims.email) ?? refuse(404, 'User not found');
    if (user.badge === 'Bronze') refuse(403, 'You need to upgrade your membership to request meals.');
    const meal = db.meals.find((candidate) => candidate._id === mealId) ?? refuse(404, 'Meal not found');
    const open = db.mealRequests.find((item) => sameEmail(item.userEmail, user.email) && item.mealId === mealId && item.status !== 'Delivered');
    if (open?.status === 'Pending') refuse(409, 'You have already requested this meal; your request is still pending.');
    if (open) refuse(409, 'You have already requested this meal; the kitchen is preparing it.');
    const made = (db.requestsMade.get(user._id) ?? 0) + 1;
    db.requestsMade.set(user._id, made);
    const created: MealRequestRecord = {
      _id: `${user._id}.${made}`,
      userName: user.name,
      userEmail: user.email,
      userBadge: user.badge,
      mealId,
      mealTitle: meal.title,
      distributorName: meal.distributorName,
      status: 'Pending',
      requestTime: new Date().toISOString(),
    };
    db.mealRequests.push(created);
    return answer({ _id: created._id, message: 'Request is pending approval.', status: 'Pending', position: nextPosition() }, 201);
  }),

  http.delete('/api/mealRequests/:id', ({ request, params }) => {
    const claims = signedIn(request);
    const found = findRequest(params.id);
    if (!sameEmail(found.userEmail, claims.email)) refuse(403, 'You can only cancel your own requests');
    if (found.status === 'Delivered') refuse(409, 'This meal has already been delivered; it can no longer be cancelled.');
    db.mealRequests.splice(db.mealRequests.indexOf(found), 1);
    return answer({ message: 'Your meal request has been cancelled.', position: nextPosition() });
  }),

  // Serving a Delivered request again changes nothing; a Pending one may be served straight away.
  http.patch('/api/requestedMeals/:id/serve', ({ request, params }) => {
    admin(request);
    const found = findRequest(params.id);
    if (found.status === 'Delivered') return answer({ message: 'Meal marked as Delivered!', status: 'Delivered' });
    Object.assign(found, { status: 'Delivered', servedAt: new Date().toISOString(), recallableUntil: recallWindow() });
    return answer({ message: 'Meal marked as Delivered!', status: 'Delivered', position: nextPosition() });
  }),

  http.patch('/api/requestedMeals/:id/approve', ({ request, params }) => {
    admin(request);
    const found = findRequest(params.id);
    if (found.status === 'Delivered') refuse(409, 'This meal has already been delivered.');
    if (found.status === 'Approved') return answer({ message: 'Request approved.', status: 'Approved' });
    Object.assign(found, { status: 'Approved', approvedAt: new Date().toISOString(), recallableUntil: recallWindow() });
    return answer({ message: 'Request approved.', status: 'Approved', position: nextPosition() });
  }),

  // One stage back, only within the window after the last change; a recall itself is not recalled.
  http.patch('/api/requestedMeals/:id/recall', ({ request, params }) => {
    admin(request);
    const found = findRequest(params.id);
    if (found.status === 'Pending') refuse(409, 'There is nothing to recall: the request is still Pending.');
    if (!recallableNow(found)) refuse(409, `Too late to recall: a stage change can be taken back within ${RECALL_WINDOW_MS / 60_000} minutes.`);
    if (found.status === 'Delivered') Object.assign(found, { status: 'Approved', servedAt: null, recallableUntil: null });
    else Object.assign(found, { status: 'Pending', approvedAt: null, recallableUntil: null });
    return answer({ message: `Moved back to ${found.status}.`, status: found.status, position: nextPosition() });
  }),

  // The kitchen's queue: waiting requests oldest first, then those Delivered that may still be recalled.
  http.get('/api/serveQueue', ({ request }) => {
    admin(request);
    const { category, since = utcMidnight() } = parse(ServeQueueQuery, queryOf(request), 'querystring');
    const items = db.mealRequests.map((item) => queueItem(item, since)).filter((item) => !category || item.category === category);
    const oldestFirst = (a: ServeQueueItem, b: ServeQueueItem) => a.requestTime.localeCompare(b.requestTime) || a._id.localeCompare(b._id);
    const waiting = items.filter((item) => item.status !== 'Delivered').sort(oldestFirst);
    const delivered = items.filter((item) => item.status === 'Delivered' && item.recallableUntil && Date.parse(item.recallableUntil) > Date.now());
    const count = (status: ServeQueueItem['status']) => items.filter((item) => item.status === status).length;
    const body: ServeQueueAnswer = {
      items: [...waiting, ...delivered.sort((a, b) => (a.servedAt ?? '').localeCompare(b.servedAt ?? ''))],
      counts: {
        Pending: count('Pending'),
        Approved: count('Approved'),
        Delivered: items.filter((item) => item.status === 'Delivered' && item.servedAt && item.servedAt >= since).length,
      },
      waiting: waitingSince(since),
      position: db.position > 0 ? `0/${db.position}` : null,
    };
    return HttpResponse.json(body);
  }),

  http.get('/api/serveQueue/waiting', ({ request }) => {
    admin(request);
    const { since = utcMidnight() } = parse(WaitingTimesQuery, queryOf(request), 'querystring');
    return HttpResponse.json(waitingSince(since));
  }),
];
