import {
  AddMealBody,
  AddReviewBody,
  AddUpcomingMealBody,
  type AuthAnswer,
  type Badge,
  badgeName,
  type CommandAnswer,
  type CreatedAnswer,
  LoginBody,
  MailedLinkToken,
  type MealLikeAnswer,
  type MealRequestAnswer,
  type MealRequestStatus,
  MealRequestIdParam,
  mealRequestId,
  type ProfileAnswer,
  ProfileBody,
  RECALL_WINDOW_MS,
  RegisterBody,
  ReplaceMealBody,
  RequestMealBody,
  requesterOf,
  ResetPasswordBody,
  type RouteKey,
  type UpcomingLikeAnswer,
  UPCOMING_PUBLISH_THRESHOLD,
  type UserDto,
  UserEmailParams,
  UserEmailQuery,
  VerifyEmailBody,
} from '@hostel/contracts';
import * as domain from '@hostel/domain/deciders';
import { HttpResponse, type JsonBodyType } from 'msw';
import { z } from 'zod';
import { db, findUser, holdSession, makeUser, nextPosition, sameEmail, type UserRecord } from './db';
import { messageOf, parse, refuse, type Row, run, stateOf } from './http';

/**
 * The routes the fake answers in every test, one row each ('faked' in routes.ts): the command a row builds
 * from the call (its body and parameters validated with the contracts' schemas, who asks from the token)
 * is decided by the domain's own decider on the test's streams (`run`), and answered in the service's
 * words. Access is the route's in contracts' ROUTES. What the read API answers, each test states.
 */

const now = () => new Date().toISOString();
const created = (body: JsonBodyType) => HttpResponse.json(body, { status: 201 });
const idOf = (params: unknown, notFound: string) => parse(z.object({ id: z.uuid(notFound) }), params, 'params').id;
const requestIdOf = (params: unknown) => parse(MealRequestIdParam, params, 'params').id;
/** A request's id names its student, whose stream holds it. */
const requestStream = (requestId: string) => domain.mealRequestsStream(requesterOf(requestId) ?? refuse(404, 'Request not found'));
const badgeOf = (user: UserRecord | undefined) => (user?.badge?.toLowerCase() ?? null) as Badge | null;
const account = (email: string) => findUser(email) ?? refuse(404, 'User not found');

/** A meal or an upcoming one may only use an image the upload endpoint handed out (this fake's are not `/api/media/<uuid>` URLs). */
function storedImage(field: z.ZodType) {
  const noImage = messageOf(field, '');
  return z.string({ error: noImage }).refine((url) => db.images.has(url), noImage);
}

/** The meal as a request or a review names it, from its stream: undefined unless it is on the menu. */
function listedMeal(mealId: string) {
  const meal = stateOf(domain.mealDecider, domain.mealStream(mealId));
  return meal.status === 'listed' ? { mealId, title: meal.title, distributorName: meal.distributorName } : undefined;
}

/** A user as the read API answers them (no `emailVerified`). */
export const userDto = ({ _id, name, email, photo, badge, role }: UserRecord): UserDto => ({ _id, name, email, photo, badge, role });
const signedInUser = ({ password: _password, ...user }: UserRecord): UserDto => user;

/** An access token for `user`, saying who they are now; the refresh cookie is the browser's (`db.session`). */
function session(user: UserRecord, position?: string): AuthAnswer {
  const token = `token-${user._id}`;
  db.tokens.set(token, { sub: user._id, email: user.email, name: user.name, role: user.role });
  return { token, user: signedInUser(user), ...(position ? { position } : {}) };
}

/** A link the fake "mailed" (its token is its own hash): long ago, so resending is never too soon, and never expiring. */
const linkOf = (tokenHash: string) => ({ tokenHash, sentAt: new Date(0).toISOString(), expiresAt: new Date(8.64e15).toISOString() });
const linksOf = (links: Map<string, string>, email: string) => [...links].filter(([, to]) => sameEmail(to, email)).map(([token]) => linkOf(token));
const mailed = (links: Map<string, string>, token: string) => findUser(links.get(token) ?? '') ?? refuse(400, messageOf(MailedLinkToken, ''));

/** userDecider decides on the account as held here (the seeded record, with its links), which its events then change. */
function userChange(user: UserRecord, command: domain.UserCommand) {
  const { _id: userId, password: passwordHash, ...held } = user;
  const links = { verificationLinks: linksOf(db.verificationLinks, user.email), resetLinks: linksOf(db.resetLinks, user.email) };
  const state: domain.UserState = { ...held, ...links, exists: true, userId, passwordHash, badge: badgeOf(user), identities: [] };
  return run(domain.userDecider, { state, project }, command).position;

  function project(event: domain.UserEvent) {
    if (event.type === 'UserProfileUpdated') Object.assign(user, { name: event.data.name, photo: event.data.photo });
    if (event.type === 'UserPromotedToAdmin') user.role = 'admin';
    if (event.type === 'UserMadeAuditor') user.role = 'auditor';
    if (event.type === 'UserBadgeGranted') user.badge = badgeName(event.data.badge);
    if (event.type === 'UserEmailVerified') user.emailVerified = true;
    if (event.type === 'UserPasswordSet') user.password = event.data.passwordHash;
    // A reset link used ends them all.
    if (event.type === 'UserPasswordReset') for (const { tokenHash } of linksOf(db.resetLinks, user.email)) db.resetLinks.delete(tokenHash);
  }
}

/** A role, as userDecider gives it (never auditor to an admin: that would take their admin rights away). */
const grant =
  (type: 'PromoteToAdmin' | 'MakeAuditor', done: string, already: string): Row =>
  ({ caller, params }) => {
    const user = db.users.find((candidate) => candidate._id === params.id) ?? refuse(404, 'User not found');
    const position = userChange(user, { type, userId: user._id, actorRole: caller.role });
    return { message: position ? done : already, position } satisfies CommandAnswer;
  };

/** The kitchen moves a request on, decided on the stream of the student its id names. */
const kitchen =
  (type: 'ApproveMealRequest' | 'ServeMealRequest' | 'RecallMealRequest', answer: (status: MealRequestStatus) => MealRequestAnswer): Row =>
  ({ caller, params }) => {
    const requestId = requestIdOf(params);
    const stream = requestStream(requestId);
    const mealId = stateOf(domain.mealRequestsDecider, stream).requests.find((entry) => entry.requestId === requestId)?.mealId;
    const base = { requestId, actorId: caller.sub, actorRole: caller.role, at: now() };
    const command: domain.MealRequestCommand =
      type === 'RecallMealRequest' ? { type, ...base, windowMs: RECALL_WINDOW_MS } : { type, ...base, mealListed: !!mealId && !!listedMeal(mealId) };
    const { state, position } = run(domain.mealRequestsDecider, stream, command);
    return { ...answer(state.requests.find((entry) => entry.requestId === requestId)?.status ?? 'Pending'), position };
  };

export const COMMANDS = {
  'GET /api/auth/config': () => ({ oidc: { enabled: db.oidcEnabled } }),

  'POST /api/auth/refresh': () => {
    const user = db.users.find((candidate) => candidate._id === db.session);
    if (user) return session(user);
    holdSession(undefined);
    return refuse(401, 'Your session has ended. Please sign in again.');
  },

  'POST /api/auth/logout': () => {
    holdSession(undefined);
    return new HttpResponse(null, { status: 204 });
  },

  'POST /api/auth/login': ({ body }) => {
    const { email, password } = parse(LoginBody, body, 'body');
    const user = findUser(email);
    if (!user || user.password !== password) return refuse(401, 'Invalid email or password');
    holdSession(user._id);
    return session(user);
  },

  // A new account, as userDecider decides it (one per email); the verification link it mails is the test's to seed.
  'POST /api/auth/register': ({ body }) => {
    const { name, email, password, photo = '' } = parse(RegisterBody, body, 'body');
    const found = findUser(email);
    if (found) userChange(found, { type: 'RegisterWithPassword', userId: found._id, name, email, photo, passwordHash: password, verificationLink: linkOf('') });
    const user = makeUser({ name, email, password, photo, emailVerified: false });
    db.users.push(user);
    holdSession(user._id);
    return created(session(user, nextPosition()));
  },

  'POST /api/auth/verify-email': ({ body }) => {
    const { token } = parse(VerifyEmailBody, body, 'body');
    const user = mailed(db.verificationLinks, token);
    const position = userChange(user, { type: 'VerifyEmail', userId: user._id, tokenHash: token, now: now(), adminEmails: [] });
    return { message: position ? 'Your email is verified.' : 'Your email is already verified.', position } satisfies CommandAnswer;
  },

  'POST /api/auth/resend-verification': ({ caller }) => {
    const user = account(caller.email);
    const position = userChange(user, { type: 'SendVerificationLink', userId: user._id, link: { ...linkOf(''), sentAt: now() } });
    return { message: `We sent a new verification link to ${user.email}.`, position } satisfies CommandAnswer;
  },

  'POST /api/auth/reset-password': ({ body }) => {
    const { token, password } = parse(ResetPasswordBody, body, 'body');
    const user = mailed(db.resetLinks, token);
    const position = userChange(user, { type: 'ResetPassword', userId: user._id, tokenHash: token, passwordHash: password, now: now(), adminEmails: [] });
    return { message: 'Your password has been changed. Please sign in with your new password.', position } satisfies CommandAnswer;
  },

  // The seeded account of that email, as it is now (a test's writes change it).
  'GET /users/:email': ({ params }) => userDto(account(parse(UserEmailParams, params, 'params').email)),
  'GET /api/users': ({ request }) => userDto(account(parse(UserEmailQuery, Object.fromEntries(new URL(request.url).searchParams), 'querystring').email)),

  // The caller's own profile: the token says whose; role and badge are never taken from a client.
  'POST /users': ({ caller, body }) => {
    const me = account(caller.email);
    const position = userChange(me, { type: 'UpdateProfile', userId: me._id, ...parse(ProfileBody, body, 'body') });
    return { user: signedInUser(me), position: position ?? nextPosition() } satisfies ProfileAnswer;
  },

  'PATCH /users/admin/:id': grant('PromoteToAdmin', 'User promoted to admin', 'User is already an admin'),
  'PATCH /users/auditor/:id': grant('MakeAuditor', 'User is now an auditor', 'User is already an auditor'),

  // Uploads as transport: what the service refuses (size, a file that is no image) is the service's to test.
  'POST /api/uploads': ({ body }) => {
    if (!(body instanceof FormData && body.get('file') instanceof File)) refuse(400, 'Please choose an image file');
    const url = `/api/uploads/photo-${db.images.size + 1}`;
    db.images.add(url);
    return created({ url });
  },

  // The server sets the post time, distributor and rating, whatever the body says.
  'POST /api/meals': ({ caller: { role, name, email }, body }) => {
    const fields = parse(AddMealBody.extend({ image: storedImage(AddMealBody.shape.image) }), body, 'body');
    const mealId = crypto.randomUUID();
    const command = { type: 'AddMeal', mealId, actorRole: role, fields, distributorName: name, distributorEmail: email, postTime: now() } as const;
    const { position } = run(domain.mealDecider, domain.mealStream(mealId), command);
    return created({ _id: mealId, message: 'Your meal has been successfully added.', position } satisfies CreatedAnswer);
  },

  'PUT /api/meals/:id': ({ caller, params, body }) => {
    const mealId = idOf(params, 'Meal not found');
    const changes = parse(ReplaceMealBody, body, 'body');
    const { position } = run(domain.mealDecider, domain.mealStream(mealId), { type: 'EditMeal', mealId, actorRole: caller.role, changes });
    return { message: 'Meal updated successfully.', position } satisfies CommandAnswer;
  },

  'DELETE /api/meals/:id': ({ caller, params }) => {
    const mealId = idOf(params, 'Meal not found');
    const { position } = run(domain.mealDecider, domain.mealStream(mealId), { type: 'DeleteMeal', mealId, actorRole: caller.role });
    return { message: 'Meal has been deleted.', position } satisfies CommandAnswer;
  },

  'PATCH /api/meals/:id/like': ({ caller: { sub: userId }, params }) => {
    const mealId = idOf(params, 'Meal not found');
    const meal = stateOf(domain.mealDecider, domain.mealStream(mealId));
    const { position } = run(domain.likeDecider, domain.likeStream(mealId, userId), { type: 'LikeMeal', mealId, userId, meal });
    const message = position ? 'Your like was recorded.' : 'You have already liked this meal.';
    return { liked: !!position, message, position } satisfies MealLikeAnswer;
  },

  // Name and email come from the account, the meal's title from its stream, never the body.
  'POST /api/reviews': ({ caller: { sub: userId, email, name }, body }) => {
    const { mealId, review } = parse(AddReviewBody, body, 'body');
    const reviewId = crypto.randomUUID();
    const command = { type: 'AddReview', reviewId, meal: listedMeal(mealId), author: { userId, email, name }, review, createdAt: now() } as const;
    const { position } = run(domain.reviewDecider, domain.reviewStream(reviewId), command);
    return created({ _id: reviewId, message: 'Review added!', position } satisfies CreatedAnswer);
  },

  'DELETE /api/reviews/:id': ({ caller, params }) => {
    const reviewId = idOf(params, 'Review not found');
    const command = { type: 'DeleteReview', reviewId, actorId: caller.sub, actorRole: caller.role } as const;
    const { position } = run(domain.reviewDecider, domain.reviewStream(reviewId), command);
    return { message: 'Review has been deleted.', position } satisfies CommandAnswer;
  },

  'POST /api/upcomingMeals': ({ caller: { role, name, email }, body }) => {
    const meal = parse(AddUpcomingMealBody.extend({ image: storedImage(AddUpcomingMealBody.shape.image) }), body, 'body');
    const upcomingId = crypto.randomUUID();
    const fields = { ...meal, distributorName: name, distributorEmail: email };
    const { position } = run(domain.upcomingDecider, domain.upcomingStream(upcomingId), {
      type: 'AddUpcomingMeal',
      upcomingId,
      actorRole: role,
      fields,
      addedAt: now(),
    });
    return created({ _id: upcomingId, message: 'Upcoming meal added!', position } satisfies CreatedAnswer);
  },

  // The badge is read from the account, not the token: a membership bought a moment ago counts.
  'PATCH /api/upcomingMeals/:id/like': ({ caller: { sub: userId, email }, params }) => {
    const upcomingId = idOf(params, 'Upcoming meal not found');
    const command = { type: 'LikeUpcomingMeal', upcomingId, userId, badge: badgeOf(findUser(email)) } as const;
    const { state, position } = run(domain.upcomingDecider, domain.upcomingStream(upcomingId), command);
    const likes = state.status === 'none' ? 0 : state.likedBy.length;
    // As the command API answers: the like that reached the threshold is the one the policy publishes on.
    const published = likes === UPCOMING_PUBLISH_THRESHOLD;
    const message = published ? `This meal reached ${UPCOMING_PUBLISH_THRESHOLD} likes and has been published.` : 'Your like was recorded.';
    return { message, likes, published, position } satisfies UpcomingLikeAnswer;
  },

  // An admin publishes at any count; publishing twice changes nothing.
  'PATCH /api/upcomingMeals/:id/publish': ({ caller, params }) => {
    const upcomingId = idOf(params, 'Upcoming meal not found');
    const command = { type: 'PublishUpcomingMeal', upcomingId, actorRole: caller.role, mealId: crypto.randomUUID(), publishedAt: now() } as const;
    const { position } = run(domain.upcomingDecider, domain.upcomingStream(upcomingId), command);
    return { message: 'Meal published successfully', position } satisfies CommandAnswer;
  },

  // Who asks and what the meal is called come from the account and the meal's stream, never the body.
  'POST /api/mealRequests': ({ caller: { sub, email }, body }) => {
    const { mealId } = parse(RequestMealBody, body, 'body');
    const me = findUser(email);
    const user = me && { userId: me._id, email: me.email, name: me.name, badge: badgeOf(me) };
    const { state, position } = run(domain.mealRequestsDecider, domain.mealRequestsStream(sub), {
      type: 'RequestMeal',
      user,
      meal: listedMeal(mealId),
      requestTime: now(),
    });
    return created({ _id: mealRequestId(sub, state.made), message: 'Request is pending approval.', status: 'Pending', position } satisfies MealRequestAnswer);
  },

  'DELETE /api/mealRequests/:id': ({ caller, params }) => {
    const requestId = requestIdOf(params);
    const { position } = run(domain.mealRequestsDecider, requestStream(requestId), { type: 'CancelMealRequest', requestId, actorId: caller.sub });
    return { message: 'Your meal request has been cancelled.', position } satisfies MealRequestAnswer;
  },

  'PATCH /api/requestedMeals/:id/approve': kitchen('ApproveMealRequest', () => ({ message: 'Request approved.', status: 'Approved' })),
  'PATCH /api/requestedMeals/:id/serve': kitchen('ServeMealRequest', () => ({ message: 'Meal marked as Delivered!', status: 'Delivered' })),
  'PATCH /api/requestedMeals/:id/recall': kitchen('RecallMealRequest', (status) => ({ message: `Moved back to ${status}.`, status })),
} satisfies Partial<Record<RouteKey, Row>>;
