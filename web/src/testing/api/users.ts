import {
  type Badge,
  badgeName,
  type CommandAnswer,
  type ProfileAnswer,
  ProfileBody,
  type UserDto,
  UserEmailParams,
  UserEmailQuery,
  UsersQuery,
} from '@hostel/contracts';
import { type UserCommand, userDecider, type UserState } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { type Claims, db, findUser, nextPosition, sameEmail, type UserRecord } from './db';
import { admin, bodyOf, change, page, parse, queryOf, refuse, signedIn } from './http';

/** Users as the read API lists them (no `emailVerified`) and the command API changes them. */

const listed = ({ _id, name, email, photo, badge, role }: UserRecord): UserDto => ({ _id, name, email, photo, badge, role });

/** A user as the sign-in answers carry them (with `emailVerified`, which the read models leave out). */
export const signedInUser = ({ password: _password, ...user }: UserRecord): UserDto => user;

/** One's own record, or anyone's for an admin. */
function readable(claims: Claims, email: string) {
  if (claims.role !== 'admin' && !sameEmail(claims.email, email)) refuse(403, 'You can only see your own profile');
  return listed(findUser(email) ?? refuse(404, 'User not found'));
}

const matches = (text: string, search: string) => text.toLowerCase().includes(search.toLowerCase());

export const userHandlers = [
  http.get('/users/:email', ({ request, params }) => HttpResponse.json(readable(signedIn(request), parse(UserEmailParams, params, 'params').email))),

  http.get('/api/users', ({ request }) => HttpResponse.json(readable(signedIn(request), parse(UserEmailQuery, queryOf(request), 'querystring').email))),

  // Admins: everyone in order of registration, one other email, or a search in names and emails.
  http.get('/users', ({ request }) => {
    const claims = admin(request);
    const { email: asked, search, ...paging } = parse(UsersQuery, queryOf(request), 'querystring');
    // The spec's client sends the caller's own email: that filters nothing.
    const email = asked && !sameEmail(asked, claims.email) ? asked : undefined;
    const found = db.users.filter((user) => (!email || sameEmail(user.email, email)) && (!search || matches(user.name, search) || matches(user.email, search)));
    return page(found.map(listed), paging);
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
