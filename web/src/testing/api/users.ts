import { type CommandAnswer, type ProfileAnswer, ProfileBody, type UserDto, UserEmailParams, UserEmailQuery, UsersQuery } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { signedInUser } from './auth';
import { type Claims, db, findUser, nextPosition, sameEmail, type UserRecord } from './db';
import { admin, bodyOf, page, parse, queryOf, refuse, signedIn } from './http';

/** Users as the read API lists them (no `emailVerified`) and the command API changes them. */

const listed = ({ _id, name, email, photo, badge, role }: UserRecord): UserDto => ({ _id, name, email, photo, badge, role });

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
    Object.assign(me, changes);
    return HttpResponse.json({ user: signedInUser(me), position: nextPosition() } satisfies ProfileAnswer);
  }),

  http.patch('/users/admin/:id', ({ request, params }) => {
    admin(request);
    const user = db.users.find((candidate) => candidate._id === params.id) ?? refuse(404, 'User not found');
    if (user.role === 'admin') return HttpResponse.json({ message: 'User is already an admin' } satisfies CommandAnswer);
    user.role = 'admin';
    return HttpResponse.json({ message: 'User promoted to admin', position: nextPosition() } satisfies CommandAnswer);
  }),

  // Never of an admin: an auditor's role would take their admin rights away.
  http.patch('/users/auditor/:id', ({ request, params }) => {
    admin(request);
    const user = db.users.find((candidate) => candidate._id === params.id) ?? refuse(404, 'User not found');
    if (user.role === 'admin') refuse(409, 'Admins read the audit trail already');
    if (user.role === 'auditor') return HttpResponse.json({ message: 'User is already an auditor' } satisfies CommandAnswer);
    user.role = 'auditor';
    return HttpResponse.json({ message: 'User is now an auditor', position: nextPosition() } satisfies CommandAnswer);
  }),
];
