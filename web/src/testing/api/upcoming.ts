import {
  AddUpcomingMealBody,
  type BadgeName,
  badgeRank,
  type CommandAnswer,
  type CreatedAnswer,
  type UpcomingLikeAnswer,
  type UpcomingMealDto,
  UpcomingMealsQuery,
  UPCOMING_PUBLISH_THRESHOLD,
} from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { type Claims, db, findUser, nextPosition, type UpcomingMealRecord } from './db';
import { admin, bodyOf, caller, messageOf, page, parse, queryOf, refuse, signedIn } from './http';

/**
 * Upcoming meals: admins add and publish; members of Silver and above like, once; the like that
 * reaches the threshold publishes the meal, which leaves this list for the catalogue with its likes.
 */

const Params = z.object({ id: z.uuid('Upcoming meal not found') });
const NO_IMAGE = messageOf(AddUpcomingMealBody.shape.image, '');
const storedImage = z.string({ error: NO_IMAGE }).refine((url) => db.images.has(url), NO_IMAGE);
const isMember = (badge: BadgeName | null | undefined) => badgeRank(badge) >= badgeRank('silver');

/** Who liked is never shown to others: the caller learns only whether they did. */
function answered({ likedBy, published: _published, ...meal }: UpcomingMealRecord, claims: Claims | undefined): UpcomingMealDto {
  const likedByMe = claims !== undefined && likedBy.includes(claims.sub);
  return { ...meal, likedByMe, likedUsers: likedByMe ? [claims.email] : [], reviewCount: 0, rating: 0 };
}

const findUpcoming = (params: unknown) => {
  const { id } = parse(Params, params, 'params');
  return db.upcomingMeals.find((meal) => meal._id === id) ?? refuse(404, 'Upcoming meal not found');
};

/** Marks it published and lists it in the catalogue, posted now, with its likes and who gave them. Once. */
function publish(upcoming: UpcomingMealRecord) {
  if (upcoming.published) return;
  upcoming.published = true;
  const { _id: _upcomingId, date: _date, published: _published, ...dish } = upcoming;
  db.meals.push({ ...dish, _id: crypto.randomUUID(), likedBy: [...dish.likedBy], postTime: new Date().toISOString(), rating: 0, reviews_count: 0 });
}

export const upcomingHandlers = [
  http.get('/api/upcomingMeals', ({ request }) => {
    const claims = caller(request);
    const { sort, ...paging } = parse(UpcomingMealsQuery, queryOf(request), 'querystring');
    const order = (meal: UpcomingMealRecord) => (sort === 'likes' ? meal.likes : Date.parse(meal.date));
    const listed = db.upcomingMeals.filter((meal) => !meal.published).sort((a, b) => order(b) - order(a) || b._id.localeCompare(a._id));
    return page(
      listed.map((meal) => answered(meal, claims)),
      paging,
    );
  }),

  http.post('/api/upcomingMeals', async ({ request }) => {
    const claims = admin(request);
    const fields = parse(AddUpcomingMealBody.extend({ image: storedImage }), await bodyOf(request), 'body');
    const meal: UpcomingMealRecord = {
      _id: crypto.randomUUID(),
      ...fields,
      distributorName: claims.name,
      distributorEmail: claims.email,
      date: new Date().toISOString(),
      likes: 0,
      likedBy: [],
      published: false,
    };
    db.upcomingMeals.push(meal);
    return HttpResponse.json({ _id: meal._id, message: 'Upcoming meal added!', position: nextPosition() } satisfies CreatedAnswer, { status: 201 });
  }),

  // The badge is read from the account, not the token: a membership bought a moment ago counts.
  http.patch('/api/upcomingMeals/:id/like', ({ request, params }) => {
    const claims = signedIn(request);
    const meal = findUpcoming(params);
    const published = () => refuse(409, 'This meal has already been published.');
    if (meal.published) published();
    if (!isMember(findUser(claims.email)?.badge)) refuse(403, 'Membership Required: You need at least a Silver badge to like meals.');
    if (meal.likedBy.includes(claims.sub)) refuse(409, 'You have already liked this meal.');
    if (meal.likes >= UPCOMING_PUBLISH_THRESHOLD) published();
    meal.likedBy.push(claims.sub);
    meal.likes += 1;
    if (meal.likes < UPCOMING_PUBLISH_THRESHOLD) {
      return HttpResponse.json({
        message: 'Your like was recorded.',
        likes: meal.likes,
        published: false,
        position: nextPosition(),
      } satisfies UpcomingLikeAnswer);
    }
    // This like reached the threshold: the policy publishes it, and the answer waits until it is listed.
    publish(meal);
    const message = `This meal reached ${UPCOMING_PUBLISH_THRESHOLD} likes and has been published.`;
    return HttpResponse.json({ message, likes: meal.likes, published: true, position: nextPosition() } satisfies UpcomingLikeAnswer);
  }),

  // An admin publishes at any count; publishing twice changes nothing.
  http.patch('/api/upcomingMeals/:id/publish', ({ request, params }) => {
    admin(request);
    const meal = findUpcoming(params);
    const changed = !meal.published;
    publish(meal);
    return HttpResponse.json({ message: 'Meal published successfully', ...(changed ? { position: nextPosition() } : {}) } satisfies CommandAnswer);
  }),
];
