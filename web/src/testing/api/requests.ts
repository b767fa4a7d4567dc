import {
  AdminMealRequestsQuery,
  type Badge,
  badgeName,
  type MealRequestAnswer,
  type MealRequestDto,
  MyMealRequestsQuery,
  RECALL_WINDOW_MS,
  RequestMealBody,
  type ServeQueueAnswer,
  type ServeQueueItem,
  ServeQueueQuery,
  WaitingTimesQuery,
} from '@hostel/contracts';
import { type MealRequestCommand, type MealRequestEvent, mealRequestsDecider, type MealRequestsState } from '@hostel/domain/deciders';
import { recallableUntil } from '@hostel/read-models/pure';
import { http, HttpResponse } from 'msw';
import { db, findUser, type MealRequestRecord, sameEmail } from './db';
import { admin, bodyOf, change, newestFirst, page, parse, queryOf, refuse, signedIn } from './http';

/**
 * Meal requests: every change is decided by the domain's own mealRequestsDecider, on the student's
 * requests held here; lists newest first with their meal's current counts; the kitchen's queue
 * oldest first. Waiting times are what the test states (`seed({ waiting })`).
 */

function withMeal({ approvedAt: _approved, servedAt: _served, advancedAt: _advanced, ...request }: MealRequestRecord): MealRequestDto {
  const meal = db.meals.find((candidate) => candidate._id === request.mealId);
  return { ...request, mealLikes: meal?.likes ?? 0, mealReviewCount: meal?.reviews_count ?? 0 };
}

const utcMidnight = () => new Date(new Date().toISOString().slice(0, 10)).toISOString();

/** A request on the queue, its ticket its place among the requests made since `since`. */
function queueItem({ userBadge: _badge, distributorName: _by, advancedAt, ...request }: MealRequestRecord, since: string): ServeQueueItem {
  const sameDay = db.mealRequests
    .filter((other) => Date.parse(other.requestTime) >= Date.parse(since))
    .sort((left, right) => left.requestTime.localeCompare(right.requestTime) || left._id.localeCompare(right._id));
  const place = sameDay.findIndex((other) => other._id === request._id);
  return {
    ...request,
    category: db.meals.find((candidate) => candidate._id === request.mealId)?.category ?? null,
    approvedAt: request.approvedAt ?? null,
    servedAt: request.servedAt ?? null,
    recallableUntil: recallableUntil(advancedAt ? new Date(advancedAt) : null, RECALL_WINDOW_MS, new Date()),
    ticket: place === -1 ? null : place + 1,
  };
}

/** A student's stream, as the decider folds it, from their requests held here. */
function streamOf(email: string): MealRequestsState {
  const userId = findUser(email)?._id;
  const requests = db.mealRequests.filter((item) => sameEmail(item.userEmail, email));
  return {
    userId,
    made: db.requestsMade.get(userId ?? email) ?? requests.length,
    requests: requests.map((item) => ({ requestId: item._id, mealId: item.mealId, status: item.status, advancedAt: item.advancedAt ?? undefined })),
  };
}

/** What the read model does with each event: a request added, moved on or back, or gone. */
function project(event: MealRequestEvent) {
  const found = db.mealRequests.find((item) => item._id === event.data.requestId)!;
  switch (event.type) {
    case 'MealRequested': {
      const { requestId, userId, userBadge, ...data } = event.data;
      db.requestsMade.set(userId, Number(requestId.split('.').at(-1)));
      return db.mealRequests.push({ _id: requestId, ...data, userBadge: userBadge && badgeName(userBadge), status: 'Pending' });
    }
    case 'MealRequestApproved':
      return Object.assign(found, { status: 'Approved', approvedAt: event.data.approvedAt, advancedAt: event.data.approvedAt });
    case 'MealRequestServed':
      return Object.assign(found, { status: 'Delivered', servedAt: event.data.servedAt, advancedAt: event.data.servedAt });
    case 'MealRequestRecalled':
      return Object.assign(found, { status: event.data.to, advancedAt: null, [event.data.to === 'Pending' ? 'approvedAt' : 'servedAt']: null });
    case 'MealRequestCancelled':
      return db.mealRequests.splice(db.mealRequests.indexOf(found), 1);
  }
}

const decided = (email: string, command: MealRequestCommand) => change(mealRequestsDecider, command, streamOf(email), project);

const newest = (requests: readonly MealRequestRecord[]) => newestFirst(requests, (request) => request.requestTime).map(withMeal);
const findRequest = (id: unknown) => db.mealRequests.find((request) => request._id === id) ?? refuse(404, 'Request not found');
const answer = ({ position, ...body }: MealRequestAnswer, status = 200) => HttpResponse.json({ ...body, ...(position ? { position } : {}) }, { status });

const KITCHEN = {
  approve: { type: 'ApproveMealRequest', message: 'Request approved.' },
  serve: { type: 'ServeMealRequest', message: 'Meal marked as Delivered!' },
  recall: { type: 'RecallMealRequest', message: '' },
} as const;

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
    const found = findUser(claims.email);
    const meal = db.meals.find((candidate) => candidate._id === mealId);
    const user = found && { userId: found._id, email: found.email, name: found.name, badge: (found.badge?.toLowerCase() ?? null) as Badge | null };
    const requestTime = new Date().toISOString();
    const position = decided(claims.email, {
      type: 'RequestMeal',
      user,
      meal: meal && { mealId, title: meal.title, distributorName: meal.distributorName },
      requestTime,
    });
    const _id = db.mealRequests.at(-1)!._id;
    return answer({ _id, message: 'Request is pending approval.', status: 'Pending', position }, 201);
  }),

  http.delete('/api/mealRequests/:id', ({ request, params }) => {
    const found = findRequest(params.id);
    const position = decided(found.userEmail, { type: 'CancelMealRequest', requestId: found._id, actorId: signedIn(request).sub });
    return answer({ message: 'Your meal request has been cancelled.', position });
  }),

  // Approve, serve and recall: the same shape, the decider's rules (a recall within RECALL_WINDOW_MS).
  ...Object.entries(KITCHEN).map(([action, { type, message }]) =>
    http.patch(`/api/requestedMeals/:id/${action}`, ({ request, params }) => {
      const claims = admin(request);
      const found = findRequest(params.id);
      const base = { requestId: found._id, actorId: claims.sub, actorRole: claims.role, at: new Date().toISOString() };
      const mealListed = db.meals.some((meal) => meal._id === found.mealId);
      const position = decided(found.userEmail, type === 'RecallMealRequest' ? { type, ...base, windowMs: RECALL_WINDOW_MS } : { type, ...base, mealListed });
      return answer({ message: message || `Moved back to ${found.status}.`, status: found.status, position });
    }),
  ),

  // The kitchen's queue: waiting requests oldest first, then those Delivered that may still be recalled.
  http.get('/api/serveQueue', ({ request }) => {
    admin(request);
    const { category, since = utcMidnight() } = parse(ServeQueueQuery, queryOf(request), 'querystring');
    const items = db.mealRequests.map((item) => queueItem(item, since)).filter((item) => !category || item.category === category);
    const oldestFirst = (a: ServeQueueItem, b: ServeQueueItem) => a.requestTime.localeCompare(b.requestTime) || a._id.localeCompare(b._id);
    const waiting = items.filter((item) => item.status !== 'Delivered').sort(oldestFirst);
    const delivered = items.filter((item) => item.status === 'Delivered' && item.recallableUntil);
    const count = (status: ServeQueueItem['status']) => items.filter((item) => item.status === status).length;
    const body: ServeQueueAnswer = {
      items: [...waiting, ...delivered.sort((a, b) => (b.servedAt ?? '').localeCompare(a.servedAt ?? ''))],
      counts: {
        Pending: count('Pending'),
        Approved: count('Approved'),
        Delivered: items.filter((item) => item.status === 'Delivered' && item.servedAt && item.servedAt >= since).length,
      },
      waiting: { since, ...db.waiting },
      position: db.position > 0 ? `0/${db.position}` : null,
    };
    return HttpResponse.json(body);
  }),

  http.get('/api/serveQueue/waiting', ({ request }) => {
    admin(request);
    const { since = utcMidnight() } = parse(WaitingTimesQuery, queryOf(request), 'querystring');
    return HttpResponse.json({ since, ...db.waiting });
  }),
];
