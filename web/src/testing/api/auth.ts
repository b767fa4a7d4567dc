import {
  type AuthAnswer,
  type AuthConfigAnswer,
  type CommandAnswer,
  LoginBody,
  MailedLinkToken,
  RegisterBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { db, findUser, holdSession, makeUser, nextPosition, type UserRecord } from './db';
import { bodyOf, messageOf, parse, refuse, signedIn } from './http';
import { linkOf, signedInUser, userChange } from './users';

/** Identity as the command API answers it: password sign-in, the refresh cookie, and the mailed links. */

const INVALID_LINK = messageOf(MailedLinkToken, '');

/** An access token for `user`, saying who they are now; the refresh cookie is the browser's (`db.session`). */
function session(user: UserRecord, position?: string): AuthAnswer {
  const token = `token-${user._id}`;
  db.tokens.set(token, { sub: user._id, email: user.email, name: user.name, role: user.role });
  return { token, user: signedInUser(user), ...(position ? { position } : {}) };
}

const withMailedLink = (links: Map<string, string>, token: string) => {
  const email = links.get(token);
  return (email && findUser(email)) || refuse(400, INVALID_LINK);
};

export const authHandlers = [
  http.get('/api/auth/config', () => HttpResponse.json({ oidc: { enabled: db.oidcEnabled } } satisfies AuthConfigAnswer)),

  http.post('/api/auth/refresh', () => {
    const user = db.users.find((candidate) => candidate._id === db.session);
    if (!user) {
      holdSession(undefined);
      return refuse(401, 'Your session has ended. Please sign in again.');
    }
    return HttpResponse.json(session(user));
  }),

  http.post('/api/auth/logout', () => {
    holdSession(undefined);
    return new HttpResponse(null, { status: 204 });
  }),

  http.post('/api/auth/login', async ({ request }) => {
    const { email, password } = parse(LoginBody, await bodyOf(request), 'body');
    const user = findUser(email);
    if (!user || user.password !== password) return refuse(401, 'Invalid email or password');
    holdSession(user._id);
    return HttpResponse.json(session(user));
  }),

  // A new account, as userDecider decides it (one per email); the verification link it mails is the test's to seed.
  http.post('/api/auth/register', async ({ request }) => {
    const { name, email, password, photo = '' } = parse(RegisterBody, await bodyOf(request), 'body');
    const user = makeUser({ name, email, password, photo, emailVerified: false });
    const found = findUser(email);
    if (found) userChange(found, { type: 'RegisterWithPassword', userId: found._id, name, email, photo, passwordHash: password, verificationLink: linkOf('') });
    db.users.push(user);
    holdSession(user._id);
    return HttpResponse.json(session(user, nextPosition()), { status: 201 });
  }),

  http.post('/api/auth/verify-email', async ({ request }) => {
    const { token } = parse(VerifyEmailBody, await bodyOf(request), 'body');
    const user = withMailedLink(db.verificationLinks, token);
    const position = userChange(user, { type: 'VerifyEmail', userId: user._id, tokenHash: token, now: new Date().toISOString(), adminEmails: [] });
    if (!position) return HttpResponse.json({ message: 'Your email is already verified.' } satisfies CommandAnswer);
    return HttpResponse.json({ message: 'Your email is verified.', position } satisfies CommandAnswer);
  }),

  http.post('/api/auth/resend-verification', ({ request }) => {
    const user = findUser(signedIn(request).email) ?? refuse(404, 'User not found');
    const position = userChange(user, { type: 'SendVerificationLink', userId: user._id, link: { ...linkOf(''), sentAt: new Date().toISOString() } });
    return HttpResponse.json({ message: `We sent a new verification link to ${user.email}.`, position: position! } satisfies CommandAnswer);
  }),

  http.post('/api/auth/reset-password', async ({ request }) => {
    const { token, password } = parse(ResetPasswordBody, await bodyOf(request), 'body');
    const user = withMailedLink(db.resetLinks, token);
    const position = userChange(user, {
      type: 'ResetPassword',
      userId: user._id,
      tokenHash: token,
      passwordHash: password,
      now: new Date().toISOString(),
      adminEmails: [],
    });
    return HttpResponse.json({
      message: 'Your password has been changed. Please sign in with your new password.',
      position: position!,
    } satisfies CommandAnswer);
  }),
];
