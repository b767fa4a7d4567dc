import { AddReviewBody, type CommandAnswer, type CreatedAnswer } from '@hostel/contracts';
import { mealDecider, mealStream, reviewDecider, reviewStream } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { bodyOf, handle, parse, signedIn, stateOf } from './http';

/** Reviews' commands, decided by the domain's reviewDecider on the review's stream. What the lists answer, each test states. */

export const reviewHandlers = [
  // Name and email come from the account, the meal's title from its stream, never the body.
  http.post('/api/reviews', async ({ request }) => {
    const { sub: userId, email, name } = signedIn(request);
    const { mealId, review } = parse(AddReviewBody, await bodyOf(request), 'body');
    const found = stateOf(mealDecider, mealStream(mealId));
    const meal = found.status === 'listed' ? { mealId, title: found.title, distributorName: found.distributorName } : undefined;
    const reviewId = crypto.randomUUID();
    const command = { type: 'AddReview', reviewId, meal, author: { userId, email, name }, review, createdAt: new Date().toISOString() } as const;
    const { position } = handle(reviewDecider, reviewStream(reviewId), command);
    return HttpResponse.json({ _id: reviewId, message: 'Review added!', position: position! } satisfies CreatedAnswer, { status: 201 });
  }),

  http.delete('/api/reviews/:id', ({ request, params }) => {
    const { sub, role } = signedIn(request);
    const { id } = parse(z.object({ id: z.uuid('Review not found') }), params, 'params');
    const { position } = handle(reviewDecider, reviewStream(id), { type: 'DeleteReview', reviewId: id, actorId: sub, actorRole: role });
    return HttpResponse.json({ message: 'Review has been deleted.', position } satisfies CommandAnswer);
  }),
];
