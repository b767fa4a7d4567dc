import { AdminMealRequestsQuery, type MealRequestAnswer, type MealRequestDto, MyMealRequestsQuery, RequestMealBody } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { db, findUser, type MealRequestRecord, nextPosition, sameEmail } from './db';
import { admin, bodyOf, newestFirst, page, parse, queryOf, refuse, signedIn } from './http';

/**
 * Meal requests: a student asks (not with the bronze badge; one open request per meal), cancels their
 * own, an admin serves; lists newest first with their meal's current counts.
 */

function withMeal(request: MealRequestRecord): MealRequestDto {
  const meal = db.meals.find((candidate) => candidate._id === request.mealId);
  return { ...request, mealLikes: meal?.likes ?? 0, mealReviewCount: meal?.reviews_count ?? 0 };
}

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
    if (user.badge === 'bronze') refuse(403, 'You need to upgrade your membership to request meals.');
    const meal = db.meals.find((candidate) => candidate._id === mealId) ?? refuse(404, 'Meal not found');
    if (db.mealRequests.some((item) => sameEmail(item.userEmail, user.email) && item.mealId === mealId && item.status === 'Pending')) {
      refuse(409, 'You have already requested this meal; your request is still pending.');
    }
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
    db.mealRequests.splice(db.mealRequests.indexOf(found), 1);
    return answer({ message: 'Your meal request has been cancelled.', position: nextPosition() });
  }),

  // Serving a Delivered request again changes nothing.
  http.patch('/api/requestedMeals/:id/serve', ({ request, params }) => {
    admin(request);
    const found = findRequest(params.id);
    if (found.status === 'Delivered') return answer({ message: 'Meal marked as Delivered!', status: 'Delivered' });
    found.status = 'Delivered';
    return answer({ message: 'Meal marked as Delivered!', status: 'Delivered', position: nextPosition() });
  }),
];
