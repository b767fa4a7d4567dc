import { AddReviewBody, type CommandAnswer, type CreatedAnswer, MealReviewsParams, MealReviewsQuery, type ReviewDto, ReviewsQuery } from '@hostel/contracts';
import { reviewDecider, type ReviewEvent, type ReviewState } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { db, findUser, type ReviewRecord, sameEmail } from './db';
import { bodyOf, caller, change, newestFirst, page, parse, queryOf, refuse, signedIn } from './http';

/** Reviews: a meal's (public, emails only for admins and the author), one author's or everyone's, written and deleted. */

/** With the meal's current title and counts (a deleted meal counts 0), as the dashboard tables read them. */
function withMeal(review: ReviewRecord): ReviewDto {
  const meal = db.meals.find((candidate) => candidate._id === review.mealId);
  return { ...review, mealTitle: meal?.title ?? review.mealTitle, mealLikes: meal?.likes ?? 0, mealReviewCount: meal?.reviews_count ?? 0 };
}

const newest = (reviews: readonly ReviewRecord[]) => newestFirst(reviews, (review) => review.createdAt).map(withMeal);

export const reviewHandlers = [
  // Every review to anyone signed in, emails only to admins and each review's author; by email only one's own (or an admin).
  http.get('/api/reviews', ({ request }) => {
    const claims = signedIn(request);
    const { userEmail, ...paging } = parse(ReviewsQuery, queryOf(request), 'querystring');
    if (claims.role !== 'admin' && userEmail && !sameEmail(userEmail, claims.email)) refuse(403, 'You can only see your own reviews');
    const listed = newest(db.reviews.filter((review) => !userEmail || sameEmail(review.userEmail, userEmail))).map(({ userEmail: email, ...review }) =>
      claims.role === 'admin' || sameEmail(claims.email, email) ? { ...review, userEmail: email } : review,
    );
    return page(listed, paging);
  }),

  http.get('/api/reviews/:mealId', ({ request, params }) => {
    const viewer = caller(request);
    const { mealId } = parse(MealReviewsParams, params, 'params');
    const paging = parse(MealReviewsQuery, queryOf(request), 'querystring');
    const answered = newest(db.reviews.filter((review) => review.mealId === mealId)).map(({ userEmail, ...review }) =>
      viewer && (viewer.role === 'admin' || sameEmail(viewer.email, userEmail)) ? { ...review, userEmail } : review,
    );
    return page(answered, paging);
  }),

  // Name and email come from the account, never the body.
  http.post('/api/reviews', async ({ request }) => {
    const { sub: userId, email, name } = signedIn(request);
    const { mealId, review } = parse(AddReviewBody, await bodyOf(request), 'body');
    const found = db.meals.find((candidate) => candidate._id === mealId);
    const meal = found && { mealId, title: found.title, distributorName: found.distributorName };
    const reviewId = crypto.randomUUID();
    const command = { type: 'AddReview', reviewId, meal, author: { userId, email, name }, review, createdAt: new Date().toISOString() } as const;
    const position = change(reviewDecider, command, reviewDecider.initialState, project);
    return HttpResponse.json({ _id: reviewId, message: 'Review added!', position: position! } satisfies CreatedAnswer, { status: 201 });
  }),

  http.delete('/api/reviews/:id', ({ request, params }) => {
    const { sub, role } = signedIn(request);
    const { id } = parse(z.object({ id: z.uuid('Review not found') }), params, 'params');
    const found = db.reviews.find((candidate) => candidate._id === id);
    const state: ReviewState = found
      ? { status: 'posted', reviewId: id, mealId: found.mealId, authorId: findUser(found.userEmail)?._id ?? found.userEmail }
      : { status: 'none' };
    const position = change(reviewDecider, { type: 'DeleteReview', reviewId: id, actorId: sub, actorRole: role }, state, project);
    return HttpResponse.json({ message: 'Review has been deleted.', position } satisfies CommandAnswer);
  }),
];

/** What the reviews and the catalogue do with each event. */
function project(event: ReviewEvent) {
  const meal = db.meals.find((candidate) => candidate._id === event.data.mealId);
  if (event.type === 'ReviewDeleted') {
    db.reviews.splice(
      db.reviews.findIndex((review) => review._id === event.data.reviewId),
      1,
    );
    if (meal) meal.reviews_count = Math.max(meal.reviews_count - 1, 0);
    return;
  }
  const { reviewId, userId: _userId, ...review } = event.data;
  db.reviews.push({ _id: reviewId, ...review });
  if (meal) meal.reviews_count += 1;
}
