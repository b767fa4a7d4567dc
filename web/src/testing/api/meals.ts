import { AddMealBody, type CommandAnswer, type CreatedAnswer, type MealDto, type MealLikeAnswer, MealsQuery, ReplaceMealBody } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { type Claims, db, type MealRecord, nextPosition, sameEmail } from './db';
import { admin, bodyOf, caller, messageOf, page, parse, queryOf, refuse, signedIn } from './http';

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

/** Every word of the search starts a word of the title, description or ingredients ("chick" finds "chicken"). */
function searchMatches(meal: MealRecord, search: string) {
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const mealWords = words([meal.title, meal.description, ...meal.ingredients].join(' '));
  return words(search).every((word) => mealWords.some((mealWord) => mealWord.startsWith(word)));
}

export const mealHandlers = [
  http.get('/api/meals', ({ request }) => {
    const claims = caller(request);
    const { category, search, priceMin, priceMax, distributorEmail, sort, ...paging } = parse(MealsQuery, queryOf(request), 'querystring');
    const found = db.meals.filter(
      (meal) =>
        (!category || category === 'All' || meal.category === category) &&
        (priceMin === undefined || meal.price >= priceMin) &&
        (priceMax === undefined || meal.price <= priceMax) &&
        (!distributorEmail || sameEmail(meal.distributorEmail, distributorEmail)) &&
        (!search || searchMatches(meal, search)),
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
    const claims = admin(request);
    const fields = parse(AddMealBody.extend({ image: storedImage }), await bodyOf(request), 'body');
    const meal: MealRecord = {
      _id: crypto.randomUUID(),
      ...fields,
      postTime: new Date().toISOString(),
      distributorName: claims.name,
      distributorEmail: claims.email,
      rating: 0,
      likes: 0,
      reviews_count: 0,
      likedBy: [],
    };
    db.meals.push(meal);
    return HttpResponse.json({ _id: meal._id, message: 'Your meal has been successfully added.', position: nextPosition() } satisfies CreatedAnswer, {
      status: 201,
    });
  }),

  http.put('/api/meals/:id', async ({ request, params }) => {
    admin(request);
    const { id } = parse(Params, params, 'params');
    const changes = parse(ReplaceMealBody, await bodyOf(request), 'body');
    Object.assign(findMeal(id), changes);
    return HttpResponse.json({ message: 'Meal updated successfully.', position: nextPosition() } satisfies CommandAnswer);
  }),

  http.delete('/api/meals/:id', ({ request, params }) => {
    admin(request);
    const meal = findMeal(parse(Params, params, 'params').id);
    db.meals.splice(db.meals.indexOf(meal), 1);
    return HttpResponse.json({ message: 'Meal has been deleted.', position: nextPosition() } satisfies CommandAnswer);
  }),

  // Once per member: a second like changes nothing.
  http.patch('/api/meals/:id/like', ({ request, params }) => {
    const claims = signedIn(request);
    const meal = findMeal(parse(Params, params, 'params').id);
    if (meal.likedBy.includes(claims.sub)) return HttpResponse.json({ liked: false, message: 'You have already liked this meal.' } satisfies MealLikeAnswer);
    meal.likedBy.push(claims.sub);
    meal.likes += 1;
    return HttpResponse.json({ liked: true, message: 'Your like was recorded.', position: nextPosition() } satisfies MealLikeAnswer);
  }),
];
