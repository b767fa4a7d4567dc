import {
  AddUpcomingMealBody,
  type Badge,
  type UpcomingLikeAnswer,
  type UpcomingMealDto,
  UpcomingMealsQuery,
  UPCOMING_PUBLISH_THRESHOLD,
} from '@hostel/contracts';
import { type UpcomingCommand, upcomingDecider, type UpcomingEvent, type UpcomingState } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { type Claims, db, findUser, type UpcomingMealRecord } from './db';
import { admin, bodyOf, caller, change, messageOf, page, parse, queryOf, signedIn } from './http';

/**
 * Upcoming meals: adding, liking and publishing are decided by the domain's upcomingDecider (Silver
 * and above like, once; the like that reaches the threshold sets off the policy that publishes it,
 * into the catalogue with its likes). Listed by date or likes.
 */

const Params = z.object({ id: z.uuid('Upcoming meal not found') });
const NO_IMAGE = messageOf(AddUpcomingMealBody.shape.image, '');
const storedImage = z.string({ error: NO_IMAGE }).refine((url) => db.images.has(url), NO_IMAGE);

/** Who liked is never shown to others: the caller learns only whether they did. */
function answered({ likedBy, published: _published, ...meal }: UpcomingMealRecord, claims: Claims | undefined): UpcomingMealDto {
  const likedByMe = claims !== undefined && likedBy.includes(claims.sub);
  return { ...meal, likedByMe, likedUsers: likedByMe ? [claims.email] : [], reviewCount: 0, rating: 0 };
}

/** The meal's stream as the decider folds it, from the record held here. */
function stateOf(id: string): UpcomingState {
  const meal = db.upcomingMeals.find((candidate) => candidate._id === id);
  if (!meal) return upcomingDecider.initialState;
  const { _id, date: _date, likes: _likes, published, ...fields } = meal;
  return { ...fields, status: published ? 'published' : 'upcoming', upcomingId: _id };
}

/** What the read models do with each event; the threshold's policy publishes at once. */
function project(event: UpcomingEvent) {
  const meal = db.upcomingMeals.find((candidate) => candidate._id === event.data.upcomingId)!;
  switch (event.type) {
    case 'UpcomingMealAdded': {
      const { upcomingId, addedAt, ...fields } = event.data;
      return db.upcomingMeals.push({ _id: upcomingId, ...fields, date: addedAt, likes: 0, likedBy: [], published: false });
    }
    case 'UpcomingMealLiked':
      return Object.assign(meal, { likes: event.data.likes, likedBy: [...meal.likedBy, event.data.userId] });
    case 'UpcomingMealThresholdReached':
      return decided({
        type: 'PublishUpcomingMeal',
        upcomingId: meal._id,
        actorRole: 'system',
        mealId: crypto.randomUUID(),
        publishedAt: new Date().toISOString(),
      });
    case 'UpcomingMealPublished': {
      const { _id, date: _date, published: _published, ...dish } = Object.assign(meal, { published: true });
      return db.meals.push({ ...dish, _id: event.data.mealId, likedBy: [...dish.likedBy], postTime: event.data.publishedAt, rating: 0, reviews_count: 0 });
    }
  }
}

function decided(command: UpcomingCommand) {
  const position = change(upcomingDecider, command, stateOf(command.upcomingId), project);
  return position ? { position } : {};
}

const idOf = (params: unknown) => parse(Params, params, 'params').id;

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
    const { role, name, email } = admin(request);
    const fields = {
      ...parse(AddUpcomingMealBody.extend({ image: storedImage }), await bodyOf(request), 'body'),
      distributorName: name,
      distributorEmail: email,
    };
    const upcomingId = crypto.randomUUID();
    const { position } = decided({ type: 'AddUpcomingMeal', upcomingId, actorRole: role, fields, addedAt: new Date().toISOString() });
    return HttpResponse.json({ _id: upcomingId, message: 'Upcoming meal added!', position }, { status: 201 });
  }),

  // The badge is read from the account, not the token: a membership bought a moment ago counts.
  http.patch('/api/upcomingMeals/:id/like', ({ request, params }) => {
    const { sub, email } = signedIn(request);
    const upcomingId = idOf(params);
    const badge = (findUser(email)?.badge?.toLowerCase() ?? null) as Badge | null;
    const { position } = decided({ type: 'LikeUpcomingMeal', upcomingId, userId: sub, badge });
    const { likes, published } = db.upcomingMeals.find((meal) => meal._id === upcomingId)!;
    const message = published ? `This meal reached ${UPCOMING_PUBLISH_THRESHOLD} likes and has been published.` : 'Your like was recorded.';
    return HttpResponse.json({ message, likes, published, position: position! } satisfies UpcomingLikeAnswer);
  }),

  // An admin publishes at any count; publishing twice changes nothing.
  http.patch('/api/upcomingMeals/:id/publish', ({ request, params }) => {
    const { role } = admin(request);
    const upcomingId = idOf(params);
    const changed = decided({ type: 'PublishUpcomingMeal', upcomingId, actorRole: role, mealId: crypto.randomUUID(), publishedAt: new Date().toISOString() });
    return HttpResponse.json({ message: 'Meal published successfully', ...changed });
  }),
];
