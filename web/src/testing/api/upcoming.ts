import { AddUpcomingMealBody, type Badge, type UpcomingLikeAnswer, UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import { type UpcomingCommand, upcomingDecider, upcomingStream } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { db, findUser } from './db';
import { admin, bodyOf, handle, messageOf, parse, signedIn } from './http';

/**
 * Upcoming meals' commands, decided by the domain's upcomingDecider on the meal's stream (Silver and
 * above like, once; the like that reaches the threshold is the one the policy publishes on). What
 * the list answers, each test states.
 */

const Params = z.object({ id: z.uuid('Upcoming meal not found') });
const NO_IMAGE = messageOf(AddUpcomingMealBody.shape.image, '');
const storedImage = z.string({ error: NO_IMAGE }).refine((url) => db.images.has(url), NO_IMAGE);
const idOf = (params: unknown) => parse(Params, params, 'params').id;
const decided = (command: UpcomingCommand) => handle(upcomingDecider, upcomingStream(command.upcomingId), command);

export const upcomingHandlers = [
  http.post('/api/upcomingMeals', async ({ request }) => {
    const { role, name, email } = admin(request);
    const body = parse(AddUpcomingMealBody.extend({ image: storedImage }), await bodyOf(request), 'body');
    const upcomingId = crypto.randomUUID();
    const fields = { ...body, distributorName: name, distributorEmail: email };
    const { position } = decided({ type: 'AddUpcomingMeal', upcomingId, actorRole: role, fields, addedAt: new Date().toISOString() });
    return HttpResponse.json({ _id: upcomingId, message: 'Upcoming meal added!', position }, { status: 201 });
  }),

  // The badge is read from the account, not the token: a membership bought a moment ago counts.
  http.patch('/api/upcomingMeals/:id/like', ({ request, params }) => {
    const { sub, email } = signedIn(request);
    const badge = (findUser(email)?.badge?.toLowerCase() ?? null) as Badge | null;
    const { state, position } = decided({ type: 'LikeUpcomingMeal', upcomingId: idOf(params), userId: sub, badge });
    const likes = state.status === 'none' ? 0 : state.likedBy.length;
    // As the command API answers: the like that reached the threshold is the one the policy publishes on.
    const published = likes === UPCOMING_PUBLISH_THRESHOLD;
    const message = published ? `This meal reached ${UPCOMING_PUBLISH_THRESHOLD} likes and has been published.` : 'Your like was recorded.';
    return HttpResponse.json({ message, likes, published, position: position! } satisfies UpcomingLikeAnswer);
  }),

  // An admin publishes at any count; publishing twice changes nothing.
  http.patch('/api/upcomingMeals/:id/publish', ({ request, params }) => {
    const { role } = admin(request);
    const command = {
      type: 'PublishUpcomingMeal',
      upcomingId: idOf(params),
      actorRole: role,
      mealId: crypto.randomUUID(),
      publishedAt: new Date().toISOString(),
    } as const;
    const { position } = decided(command);
    return HttpResponse.json({ message: 'Meal published successfully', ...(position ? { position } : {}) });
  }),
];
