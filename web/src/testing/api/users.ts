import { type Badge, badgeName, type CommandAnswer, type ProfileAnswer, ProfileBody, type UserDto, UserEmailParams, UserEmailQuery } from '@hostel/contracts';
import { type UserCommand, userDecider, type UserState } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { db, findUser, nextPosition, sameEmail, type UserRecord } from './db';
import { admin, bodyOf, change, page, parse, queryOf, refuse, signedIn } from './http';

/**
 * Users as the command API changes them (decided by userDecider), and the account the test seeded as
 * the read API answers it by email. The admins' list (GET /users) is each test's to state.
 */

/** A user as the read API answers them (no `emailVerified`). */
export const userDto = ({ _id, name, email, photo, badge, role }: UserRecord): UserDto => ({ _id, name, email, photo, badge, role });

/** A user as the sign-in answers carry them (with `emailVerified`, which the read models leave out). */
export const signedInUser = ({ password: _password, ...user }: UserRecord): UserDto => user;

/** The seeded account of that email, as it is now (a test's writes change it). */
const account = (email: string) => HttpResponse.json(userDto(findUser(email) ?? refuse(404, 'User not found')));

export const userHandlers = [
  http.get('/users/:email', ({ request, params }) => {
    signedIn(request);
    return account(parse(UserEmailParams, params, 'params').email);
  }),

  http.get('/api/users', ({ request }) => {
    signedIn(request);
    return account(parse(UserEmailQuery, queryOf(request), 'querystring').email);
  }),

  // The caller's own profile: the token says whose; role and badge are never taken from a client.
  http.post('/users', async ({ request }) => {
    const me = findUser(signedIn(request).email) ?? refuse(404, 'User not found');
    const changes = parse(ProfileBody, await bodyOf(request), 'body');
    const position = userChange(me, { type: 'UpdateProfile', userId: me._id, ...changes });
    return HttpResponse.json({ user: signedInUser(me), position: position ?? nextPosition() } satisfies ProfileAnswer);
  }),

  // A role, as userDecider gives it (never auditor to an admin: that would take their admin rights away).
  ...(
    [
      ['admin', 'PromoteToAdmin', 'User promoted to admin', 'User is already an admin'],
      ['auditor', 'MakeAuditor', 'User is now an auditor', 'User is already an auditor'],
    ] as const
  ).map(([path, type, done, already]) =>
    http.patch(`/users/${path}/:id`, ({ request, params }) => {
      const { role } = admin(request);
      const user = db.users.find((candidate) => candidate._id === params.id) ?? refuse(404, 'User not found');
      const position = userChange(user, { type, userId: user._id, actorRole: role });
      return HttpResponse.json({ message: position ? done : already, ...(position ? { position } : {}) } satisfies CommandAnswer);
    }),
  ),
];

/**
 * For a test (`server.use(usersList())`), the admins' list (GET /users) answers the seeded users in the order seeded, as they
 * are now (a promotion shows), a page at a time; a search answers what `found` says it finds.
 */
export const usersList = (found: (search: string) => UserRecord[] = () => []) =>
  http.get('/users', ({ request }) => {
    const { search, skip = '0', limit = '10' } = queryOf(request);
    return page((search ? found(search) : db.users).map(userDto), { skip: Number(skip), limit: Number(limit) });
  });

/** A link the fake "mailed" (its token is its own hash): long ago, so resending is never too soon, and never expiring. */
export const linkOf = (tokenHash: string) => ({ tokenHash, sentAt: new Date(0).toISOString(), expiresAt: new Date(8.64e15).toISOString() });
const linksOf = (links: Map<string, string>, email: string) => [...links].filter(([, to]) => sameEmail(to, email)).map(([token]) => linkOf(token));

/** Decides `command` on the account's stream (as userDecider folds it, from the record held here) and applies its events: the position, or undefined. */
export function userChange(user: UserRecord, command: UserCommand) {
  const { _id: userId, password: passwordHash, badge, ...account } = user;
  const links = { verificationLinks: linksOf(db.verificationLinks, user.email), resetLinks: linksOf(db.resetLinks, user.email) };
  const state: UserState = { ...account, ...links, exists: true, userId, passwordHash, badge: (badge?.toLowerCase() ?? null) as Badge | null, identities: [] };
  return change(userDecider, command, state, (event) => {
    if (event.type === 'UserProfileUpdated') Object.assign(user, { name: event.data.name, photo: event.data.photo });
    if (event.type === 'UserPromotedToAdmin') user.role = 'admin';
    if (event.type === 'UserMadeAuditor') user.role = 'auditor';
    if (event.type === 'UserBadgeGranted') user.badge = badgeName(event.data.badge);
    if (event.type === 'UserEmailVerified') user.emailVerified = true;
    if (event.type === 'UserPasswordSet') user.password = event.data.passwordHash;
    // A reset link used ends them all.
    if (event.type === 'UserPasswordReset') for (const { tokenHash } of linksOf(db.resetLinks, user.email)) db.resetLinks.delete(tokenHash);
  });
}
