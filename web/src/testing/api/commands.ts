import * as api from '@hostel/contracts';
import * as domain from '@hostel/domain/deciders';
import { HttpResponse, type JsonBodyType } from 'msw';
import { z } from 'zod';
import { type Account, db, findUser, holdSession, linkOf, nextPosition, uploadedImage } from './db';
import { type Call, parse, refuse, type Row, run, stateOf } from './http';

const now = () => new Date().toISOString();
const created = (body: JsonBodyType) => HttpResponse.json(body, { status: 201 });
const idOf = (params: unknown, notFound: string) => parse(z.object({ id: z.uuid(notFound) }), params, 'params').id;
const requestIdOf = (params: unknown) => parse(api.MealRequestIdParam, params, 'params').id;
/** A request's id names its student, whose stream holds it. */
const requestStream = (requestId: string) => domain.mealRequestsStream(api.requesterOf(requestId) ?? refuse(404, 'Request not found'));
const account = (email: string) => findUser(email) ?? refuse(404, 'User not found');

/** The meal as a request or a review names it, from its stream: undefined unless it is on the menu. */
function listedMeal(mealId: string) {
  const meal = stateOf(domain.mealDecider, domain.mealStream(mealId));
  return meal.status === 'listed' ? { mealId, title: meal.title, distributorName: meal.distributorName } : undefined;
}

/** A command on what the route's `:id` names, decided on its stream and answered `{message, position}`. */
const onStream =
  <C, E extends api.DomainEvent, S>(decider: domain.Decider<C, E, S>, streamOf: (id: string) => string, notFound: string) =>
  (commandOf: (id: string, call: Call) => C, message: string): Row =>
  (call) => {
    const id = idOf(call.params, notFound);
    return { message, position: run(decider, streamOf(id), commandOf(id, call)).position } satisfies api.CommandAnswer;
  };
const onMeal = onStream(domain.mealDecider, domain.mealStream, 'Meal not found');
const onUpcoming = onStream(domain.upcomingDecider, domain.upcomingStream, 'Upcoming meal not found');
const onReview = onStream(domain.reviewDecider, domain.reviewStream, 'Review not found');

/** An account as the read API answers it (no `emailVerified`), and as a sign-in does (with it). */
export function userDto({ userId: _id, name, email, photo, badge, role }: Account): api.UserDto {
  return { _id, name, email, photo, role, badge: badge && api.badgeName(badge) };
}
const signedInUser = (user: Account) => ({ ...userDto(user), emailVerified: user.emailVerified });

/** An access token for `user`, saying who they are now; the refresh cookie is the browser's (`db.session`). */
function session(user: Account, position?: string): api.AuthAnswer {
  const token = `token-${user.userId}`;
  db.tokens.set(token, { sub: user.userId, email: user.email, name: user.name, role: user.role });
  return { token, user: signedInUser(user), position };
}

/** The account a mailed link's token was sent to; refused as the service refuses a token it never made. */
const mailed = (kind: 'verificationLinks' | 'resetLinks', token: string) =>
  db.users.find((user) => user[kind].some((link) => link.tokenHash === token)) ?? refuse(400, domain.INVALID_LINK);

/** userDecider decides on the account as held here, which becomes what the decider's own fold makes of the events. */
const userChange = (user: Account, command: domain.UserCommand) => {
  const { state, position } = run(domain.userDecider, user, command);
  Object.assign(user, state);
  return position;
};

/** A role, as userDecider gives it (never auditor to an admin: that would take their admin rights away). */
const grant =
  (type: 'PromoteToAdmin' | 'MakeAuditor', done: string, already: string): Row =>
  ({ caller, params }) => {
    const user = db.users.find((candidate) => candidate.userId === params.id) ?? refuse(404, 'User not found');
    const position = userChange(user, { type, userId: user.userId, actorRole: caller.role });
    return { message: position ? done : already, position } satisfies api.CommandAnswer;
  };

/** The kitchen moves a request on, decided on the stream of the student its id names. */
const kitchen =
  (type: 'ApproveMealRequest' | 'ServeMealRequest' | 'RecallMealRequest', answer: (status: api.MealRequestStatus) => api.MealRequestAnswer): Row =>
  ({ caller, params }) => {
    const requestId = requestIdOf(params);
    const stream = requestStream(requestId);
    const mealId = stateOf(domain.mealRequestsDecider, stream).requests.find((entry) => entry.requestId === requestId)?.mealId;
    const base = { requestId, actorId: caller.sub, actorRole: caller.role, at: now() };
    const command: domain.MealRequestCommand =
      type === 'RecallMealRequest' ? { type, ...base, windowMs: api.RECALL_WINDOW_MS } : { type, ...base, mealListed: !!mealId && !!listedMeal(mealId) };
    const { state, position } = run(domain.mealRequestsDecider, stream, command);
    return { ...answer(state.requests.find((entry) => entry.requestId === requestId)?.status ?? 'Pending'), position };
  };

export const COMMANDS = {
  'GET /api/auth/config': () => ({ oidc: { enabled: db.oidcEnabled } }),
  'POST /api/auth/refresh': () => {
    const user = db.users.find((candidate) => candidate.userId === db.session);
    if (user) return session(user);
    holdSession(undefined);
    return refuse(401, 'Your session has ended. Please sign in again.');
  },
  'POST /api/auth/logout': () => {
    holdSession(undefined);
    return new HttpResponse(null, { status: 204 });
  },
  'POST /api/auth/login': ({ body }) => {
    const { email, password } = parse(api.LoginBody, body, 'body');
    const user = findUser(email);
    if (!user || user.passwordHash !== password) return refuse(401, 'Invalid email or password');
    holdSession(user.userId);
    return session(user);
  },
  // A new account, as userDecider decides it (one per email); the verification link it mails is the test's to seed.
  'POST /api/auth/register': ({ body }) => {
    const { name, email, password: passwordHash, photo = '' } = parse(api.RegisterBody, body, 'body');
    const found = findUser(email);
    const userId = found?.userId ?? `id-${email}`;
    const command = { type: 'RegisterWithPassword', userId, name, email, photo, passwordHash, verificationLink: linkOf('') } as const;
    const { state, position } = run(domain.userDecider, found ?? domain.userDecider.initialState, command);
    const user = state as Account; // the account it opened
    db.users.push(user);
    holdSession(user.userId);
    return created(session(user, position));
  },
  'POST /api/auth/verify-email': ({ body }) => {
    const { token } = parse(api.VerifyEmailBody, body, 'body');
    const user = mailed('verificationLinks', token);
    const position = userChange(user, { type: 'VerifyEmail', userId: user.userId, tokenHash: token, now: now(), adminEmails: [] });
    return { message: position ? 'Your email is verified.' : 'Your email is already verified.', position } satisfies api.CommandAnswer;
  },
  'POST /api/auth/resend-verification': ({ caller }) => {
    const user = account(caller.email);
    const position = userChange(user, { type: 'SendVerificationLink', userId: user.userId, link: { ...linkOf(''), sentAt: now() } });
    return { message: `We sent a new verification link to ${user.email}.`, position } satisfies api.CommandAnswer;
  },
  'POST /api/auth/reset-password': ({ body }) => {
    const { token, password } = parse(api.ResetPasswordBody, body, 'body');
    const user = mailed('resetLinks', token);
    const position = userChange(user, { type: 'ResetPassword', userId: user.userId, tokenHash: token, passwordHash: password, now: now(), adminEmails: [] });
    return { message: 'Your password has been changed. Please sign in with your new password.', position } satisfies api.CommandAnswer;
  },
  // The seeded account of that email, as it is now (a test's writes change it).
  'GET /users/:email': ({ params }) => userDto(account(parse(api.UserEmailParams, params, 'params').email)),
  'GET /api/users': ({ request }) => userDto(account(parse(api.UserEmailQuery, Object.fromEntries(new URL(request.url).searchParams), 'querystring').email)),
  // The caller's own profile: the token says whose; role and badge are never taken from a client.
  'POST /users': ({ caller, body }) => {
    const me = account(caller.email);
    const position = userChange(me, { type: 'UpdateProfile', userId: me.userId, ...parse(api.ProfileBody, body, 'body') });
    return { user: signedInUser(me), position: position ?? nextPosition() } satisfies api.ProfileAnswer;
  },
  'PATCH /users/admin/:id': grant('PromoteToAdmin', 'User promoted to admin', 'User is already an admin'),
  'PATCH /users/auditor/:id': grant('MakeAuditor', 'User is now an auditor', 'User is already an auditor'),
  // Uploads as transport: what the service refuses (size, a file that is no image, a meal's image it never stored) is the service's to test.
  'POST /api/uploads': ({ body }) => {
    if (!(body instanceof FormData && body.get('file') instanceof File)) refuse(400, 'Please choose an image file');
    return created({ url: uploadedImage(++db.uploads) });
  },
  // The server sets the post time, distributor and rating, whatever the body says.
  'POST /api/meals': ({ caller: { role, name, email }, body }) => {
    const [fields, mealId] = [parse(api.AddMealBody, body, 'body'), crypto.randomUUID()];
    const command = { type: 'AddMeal', mealId, actorRole: role, fields, distributorName: name, distributorEmail: email, postTime: now() } as const;
    const { position } = run(domain.mealDecider, domain.mealStream(mealId), command);
    return created({ _id: mealId, message: 'Your meal has been successfully added.', position } satisfies api.CreatedAnswer);
  },
  'PUT /api/meals/:id': onMeal(
    (mealId, { caller, body }) => ({ type: 'EditMeal', mealId, actorRole: caller.role, changes: parse(api.ReplaceMealBody, body, 'body') }),
    'Meal updated successfully.',
  ),
  'DELETE /api/meals/:id': onMeal((mealId, { caller }) => ({ type: 'DeleteMeal', mealId, actorRole: caller.role }), 'Meal has been deleted.'),
  'PATCH /api/meals/:id/like': ({ caller: { sub: userId }, params }) => {
    const mealId = idOf(params, 'Meal not found');
    const meal = stateOf(domain.mealDecider, domain.mealStream(mealId));
    const { position } = run(domain.likeDecider, domain.likeStream(mealId, userId), { type: 'LikeMeal', mealId, userId, meal });
    const message = position ? 'Your like was recorded.' : 'You have already liked this meal.';
    return { liked: !!position, message, position } satisfies api.MealLikeAnswer;
  },
  // Name and email come from the account, the meal's title from its stream, never the body.
  'POST /api/reviews': ({ caller: { sub: userId, email, name }, body }) => {
    const [{ mealId, review }, reviewId] = [parse(api.AddReviewBody, body, 'body'), crypto.randomUUID()];
    const command = { type: 'AddReview', reviewId, meal: listedMeal(mealId), author: { userId, email, name }, review, createdAt: now() } as const;
    const { position } = run(domain.reviewDecider, domain.reviewStream(reviewId), command);
    return created({ _id: reviewId, message: 'Review added!', position } satisfies api.CreatedAnswer);
  },
  'DELETE /api/reviews/:id': onReview(
    (reviewId, { caller }) => ({ type: 'DeleteReview', reviewId, actorId: caller.sub, actorRole: caller.role }),
    'Review has been deleted.',
  ),
  'POST /api/upcomingMeals': ({ caller: { role, name, email }, body }) => {
    const [meal, upcomingId] = [parse(api.AddUpcomingMealBody, body, 'body'), crypto.randomUUID()];
    const fields = { ...meal, distributorName: name, distributorEmail: email };
    const command = { type: 'AddUpcomingMeal', upcomingId, actorRole: role, fields, addedAt: now() } as const;
    const { position } = run(domain.upcomingDecider, domain.upcomingStream(upcomingId), command);
    return created({ _id: upcomingId, message: 'Upcoming meal added!', position } satisfies api.CreatedAnswer);
  },
  // The badge is read from the account, not the token: a membership bought a moment ago counts.
  'PATCH /api/upcomingMeals/:id/like': ({ caller: { sub: userId, email }, params }) => {
    const upcomingId = idOf(params, 'Upcoming meal not found');
    const command = { type: 'LikeUpcomingMeal', upcomingId, userId, badge: findUser(email)?.badge ?? null } as const;
    const { state, position } = run(domain.upcomingDecider, domain.upcomingStream(upcomingId), command);
    const likes = state.status === 'none' ? 0 : state.likedBy.length;
    // As the command API answers: the like that reached the threshold is the one the policy publishes on.
    const published = likes === api.UPCOMING_PUBLISH_THRESHOLD;
    const message = published ? `This meal reached ${api.UPCOMING_PUBLISH_THRESHOLD} likes and has been published.` : 'Your like was recorded.';
    return { message, likes, published, position } satisfies api.UpcomingLikeAnswer;
  },
  // An admin publishes at any count; publishing twice changes nothing.
  'PATCH /api/upcomingMeals/:id/publish': onUpcoming(
    (upcomingId, { caller }) => ({ type: 'PublishUpcomingMeal', upcomingId, actorRole: caller.role, mealId: crypto.randomUUID(), publishedAt: now() }),
    'Meal published successfully',
  ),
  // Who asks and what the meal is called come from the account and the meal's stream, never the body.
  'POST /api/mealRequests': ({ caller: { sub, email }, body }) => {
    const { mealId } = parse(api.RequestMealBody, body, 'body');
    const me = findUser(email);
    const user = me && { userId: me.userId, email: me.email, name: me.name, badge: me.badge };
    const command = { type: 'RequestMeal', user, meal: listedMeal(mealId), requestTime: now() } as const;
    const { state, position } = run(domain.mealRequestsDecider, domain.mealRequestsStream(sub), command);
    const _id = api.mealRequestId(sub, state.made);
    return created({ _id, message: 'Request is pending approval.', status: 'Pending', position } satisfies api.MealRequestAnswer);
  },
  'DELETE /api/mealRequests/:id': ({ caller, params }) => {
    const requestId = requestIdOf(params);
    const { position } = run(domain.mealRequestsDecider, requestStream(requestId), { type: 'CancelMealRequest', requestId, actorId: caller.sub });
    return { message: 'Your meal request has been cancelled.', position } satisfies api.MealRequestAnswer;
  },
  'PATCH /api/requestedMeals/:id/approve': kitchen('ApproveMealRequest', () => ({ message: 'Request approved.', status: 'Approved' })),
  'PATCH /api/requestedMeals/:id/serve': kitchen('ServeMealRequest', () => ({ message: 'Meal marked as Delivered!', status: 'Delivered' })),
  'PATCH /api/requestedMeals/:id/recall': kitchen('RecallMealRequest', (status) => ({ message: `Moved back to ${status}.`, status })),
} satisfies Partial<Record<api.RouteKey, Row>>;
