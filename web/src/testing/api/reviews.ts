import { AddReviewBody, type CommandAnswer, type CreatedAnswer, MealReviewsParams, MealReviewsQuery, type ReviewDto, ReviewsQuery } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { db, makeReview, nextPosition, type ReviewRecord, sameEmail } from './db';
import { bodyOf, caller, newestFirst, page, parse, queryOf, refuse, signedIn } from './http';

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
    const claims = signedIn(request);
    const { mealId, review } = parse(AddReviewBody, await bodyOf(request), 'body');
    const meal = db.meals.find((candidate) => candidate._id === mealId) ?? refuse(404, 'Meal not found');
    const added = makeReview({
      mealId,
      mealTitle: meal.title,
      distributorName: meal.distributorName,
      userEmail: claims.email,
      userName: claims.name,
      review,
      createdAt: new Date().toISOString(),
    });
    db.reviews.push(added);
    meal.reviews_count += 1;
    return HttpResponse.json({ _id: added._id, message: 'Review added!', position: nextPosition() } satisfies CreatedAnswer, { status: 201 });
  }),

  http.delete('/api/reviews/:id', ({ request, params }) => {
    const claims = signedIn(request);
    const { id } = parse(z.object({ id: z.uuid('Review not found') }), params, 'params');
    const review = db.reviews.find((candidate) => candidate._id === id) ?? refuse(404, 'Review not found');
    if (claims.role !== 'admin' && !sameEmail(review.userEmail, claims.email)) refuse(403, 'You can only delete your own reviews');
    db.reviews.splice(db.reviews.indexOf(review), 1);
    const meal = db.meals.find((candidate) => candidate._id === review.mealId);
    if (meal) meal.reviews_count = Math.max(meal.reviews_count - 1, 0);
    return HttpResponse.json({ message: 'Review has been deleted.', position: nextPosition() } satisfies CommandAnswer);
  }),
];
