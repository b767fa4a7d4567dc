import { AddMealBody, type CommandAnswer, type CreatedAnswer, type MealDto, type MealLikeAnswer, MealsQuery, ReplaceMealBody } from '@hostel/contracts';
import { likeDecider, mealDecider, type MealEvent, type MealState } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { type Claims, db, type MealRecord, nextPosition, sameEmail } from './db';
import { admin, bodyOf, caller, change, messageOf, page, parse, queryOf, refuse, signedIn } from './http';

/** The meal catalogue: the read API's filters, search and paging, and the command API's admin commands and likes. */

const Params = z.object({ id: z.uuid('Meal not found') });

/**
 * The image must be one the upload endpoint handed out (the services claim a stored image). This fake's
 * uploads are not `/api/media/<uuid>` URLs, so the stored set stands in for the contracts' URL pattern.
 */
const NO_IMAGE = messageOf(AddMealBody.shape.image, '');
const storedImage = z.string({ error: NO_IMAGE }).refine((url) => db.images.has(url), NO_IMAGE);

const answeredMeal = ({ likedBy, ...meal }: MealRecord, claims: Claims | undefined): MealDto => ({
  ...meal,
  reviewCount: meal.reviews_count,
  likedByMe: claims !== undefined && likedBy.includes(claims.sub),
});

const findMeal = (id: string) => db.meals.find((meal) => meal._id === id) ?? refuse(404, 'Meal not found');

/** The meal's stream as mealDecider folds it, from the record held here (its likes among them). */
function stateOf(id: string): MealState {
  const meal = db.meals.find((candidate) => candidate._id === id);
  if (!meal) return mealDecider.initialState;
  const { _id, postTime: _posted, likes: _likes, reviews_count: _reviews, ...fields } = meal;
  return { status: 'listed', mealId: _id, ...fields };
}

/** What the catalogue does with each event. */
function project(event: MealEvent) {
  const meal = db.meals.find((candidate) => candidate._id === event.data.mealId)!;
  switch (event.type) {
    case 'MealAdded': {
      const { mealId, likedBy = [], ...fields } = event.data;
      return db.meals.push({ _id: mealId, ...fields, likes: likedBy.length, likedBy, reviews_count: 0 });
    }
    case 'MealEdited':
      return Object.assign(meal, event.data.changes);
    case 'MealDeleted':
      return db.meals.splice(db.meals.indexOf(meal), 1);
    case 'MealLiked':
      return Object.assign(meal, { likes: meal.likes + 1, likedBy: [...meal.likedBy, event.data.userId] });
  }
}

export const mealHandlers = [
  http.get('/api/meals', ({ request }) => {
    const claims = caller(request);
    // The words searched are matched by the catalogue's SQL: here the meals seeded are what a search finds.
    const { category, search: _search, priceMin, priceMax, distributorEmail, sort, ...paging } = parse(MealsQuery, queryOf(request), 'querystring');
    const found = db.meals.filter(
      (meal) =>
        (!category || category === 'All' || meal.category === category) &&
        (priceMin === undefined || meal.price >= priceMin) &&
        (priceMax === undefined || meal.price <= priceMax) &&
        (!distributorEmail || sameEmail(meal.distributorEmail, distributorEmail)),
    );
    const order = (meal: MealRecord) => (sort ? meal[sort] : Date.parse(meal.postTime));
    const ordered = found.sort((a, b) => order(b) - order(a) || b._id.localeCompare(a._id));
    return page(
      ordered.map((meal) => answeredMeal(meal, claims)),
      paging,
    );
  }),

  http.get('/api/meals/:id', ({ request, params }) => {
    const claims = caller(request);
    return HttpResponse.json(answeredMeal(findMeal(parse(Params, params, 'params').id), claims));
  }),

  // The server sets the post time, distributor, rating and counts, whatever the body says.
  http.post('/api/meals', async ({ request }) => {
    const { role, name, email } = admin(request);
    const fields = parse(AddMealBody.extend({ image: storedImage }), await bodyOf(request), 'body');
    const mealId = crypto.randomUUID();
    const command = {
      type: 'AddMeal',
      mealId,
      actorRole: role,
      fields,
      distributorName: name,
      distributorEmail: email,
      postTime: new Date().toISOString(),
    } as const;
    const position = change(mealDecider, command, mealDecider.initialState, project);
    return HttpResponse.json({ _id: mealId, message: 'Your meal has been successfully added.', position: position! } satisfies CreatedAnswer, { status: 201 });
  }),

  http.put('/api/meals/:id', async ({ request, params }) => {
    const { role } = admin(request);
    const { id } = parse(Params, params, 'params');
    const changes = parse(ReplaceMealBody, await bodyOf(request), 'body');
    change(mealDecider, { type: 'EditMeal', mealId: id, actorRole: role, changes }, stateOf(id), project);
    return HttpResponse.json({ message: 'Meal updated successfully.', position: nextPosition() } satisfies CommandAnswer);
  }),

  http.delete('/api/meals/:id', ({ request, params }) => {
    const { role } = admin(request);
    const { id } = parse(Params, params, 'params');
    const position = change(mealDecider, { type: 'DeleteMeal', mealId: id, actorRole: role }, stateOf(id), project);
    return HttpResponse.json({ message: 'Meal has been deleted.', position } satisfies CommandAnswer);
  }),

  // Once per member: a second like changes nothing.
  http.patch('/api/meals/:id/like', ({ request, params }) => {
    const { sub: userId } = signedIn(request);
    const { id } = parse(Params, params, 'params');
    const position = change(likeDecider, { type: 'LikeMeal', mealId: id, userId, meal: stateOf(id) }, likeDecider.initialState, project);
    if (!position) return HttpResponse.json({ liked: false, message: 'You have already liked this meal.' } satisfies MealLikeAnswer);
    return HttpResponse.json({ liked: true, message: 'Your like was recorded.', position } satisfies MealLikeAnswer);
  }),
];
