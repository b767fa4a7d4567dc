import { AddMealBody, type CommandAnswer, type CreatedAnswer, type MealLikeAnswer, ReplaceMealBody } from '@hostel/contracts';
import { likeDecider, likeStream, mealDecider, mealStream } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { db } from './db';
import { admin, bodyOf, handle, messageOf, parse, signedIn, stateOf } from './http';

/**
 * The meal catalogue's commands, decided by the domain's mealDecider and likeDecider on the meal's
 * stream (and the like's). What the catalogue lists and a meal reads, each test states.
 */

const Params = z.object({ id: z.uuid('Meal not found') });

/**
 * The image must be one the upload endpoint handed out (the services claim a stored image). This fake's
 * uploads are not `/api/media/<uuid>` URLs, so the stored set stands in for the contracts' URL pattern.
 */
const NO_IMAGE = messageOf(AddMealBody.shape.image, '');
const storedImage = z.string({ error: NO_IMAGE }).refine((url) => db.images.has(url), NO_IMAGE);

export const mealHandlers = [
  // The server sets the post time, distributor and rating, whatever the body says.
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
    const { position } = handle(mealDecider, mealStream(mealId), command);
    return HttpResponse.json({ _id: mealId, message: 'Your meal has been successfully added.', position: position! } satisfies CreatedAnswer, { status: 201 });
  }),

  http.put('/api/meals/:id', async ({ request, params }) => {
    const { role } = admin(request);
    const { id } = parse(Params, params, 'params');
    const changes = parse(ReplaceMealBody, await bodyOf(request), 'body');
    const { position } = handle(mealDecider, mealStream(id), { type: 'EditMeal', mealId: id, actorRole: role, changes });
    return HttpResponse.json({ message: 'Meal updated successfully.', position } satisfies CommandAnswer);
  }),

  http.delete('/api/meals/:id', ({ request, params }) => {
    const { role } = admin(request);
    const { id } = parse(Params, params, 'params');
    const { position } = handle(mealDecider, mealStream(id), { type: 'DeleteMeal', mealId: id, actorRole: role });
    return HttpResponse.json({ message: 'Meal has been deleted.', position } satisfies CommandAnswer);
  }),

  http.patch('/api/meals/:id/like', ({ request, params }) => {
    const { sub: userId } = signedIn(request);
    const { id } = parse(Params, params, 'params');
    const { position } = handle(likeDecider, likeStream(id, userId), { type: 'LikeMeal', mealId: id, userId, meal: stateOf(mealDecider, mealStream(id)) });
    if (!position) return HttpResponse.json({ liked: false, message: 'You have already liked this meal.' } satisfies MealLikeAnswer);
    return HttpResponse.json({ liked: true, message: 'Your like was recorded.', position } satisfies MealLikeAnswer);
  }),
];
