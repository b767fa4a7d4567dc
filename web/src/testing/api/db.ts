import { type DomainEvent, SESSION_MARKER_COOKIE, type UserDto } from '@hostel/contracts';
import type { UserState } from '@hostel/domain/deciders';

/**
 * The fake API's memory: the accounts, the session and the command side's streams its handlers read and write.
 * Tests arrange their world with `seed`, `given` and testing/fixtures.ts, and may look at `db` afterwards; emptied after each test.
 */

/** An account as a test writes it: what the API answers about it, and the password it signs in with. */
export type UserRecord = UserDto & { password: string; emailVerified: boolean };
/** An account as the command side holds it: userDecider's state, which its commands change by its own fold. */
export type Account = Extract<UserState, { exists: true }>;
/** What an access token says, as it said it when issued: a promotion shows only in the next one. */
export type Claims = Pick<UserDto, 'email' | 'name' | 'role'> & { sub: string };

const emptyDb = () => ({
  users: [] as Account[],
  oidcEnabled: false,
  /** The user whose refresh cookie the browser holds, if any, and the access tokens issued. */
  session: undefined as string | undefined,
  tokens: new Map<string, Claims>(),
  /** Images the upload endpoint stored: each answers the next URL. */
  uploads: 0,
  /** The command side's event streams, by name: history given by the test, then what was decided. */
  streams: new Map<string, DomainEvent[]>(),
  /** The events decided in this test, in order, and the log's length (each change answers the next position). */
  decided: [] as DomainEvent[],
  position: 0,
});

export const db = emptyDb();

/** Forgets everything: the setup file calls it after each test. */
export function resetDb() {
  Object.assign(db, emptyDb());
  holdSession(undefined);
}

/** The browser holds `userId`'s refresh cookie (undefined: none), and so the readable marker cookie the command API
 * sets and clears with it (SESSION_MARKER_COOKIE), which the app checks before asking to refresh. */
export function holdSession(userId: string | undefined) {
  db.session = userId;
  document.cookie = userId ? `${SESSION_MARKER_COOKIE}=1; path=/` : `${SESSION_MARKER_COOKIE}=; path=/; max-age=0`;
}

/** The position of a change just made, as the command API answers it (`X-Min-Position` for the next reads). */
export const nextPosition = () => `0/${++db.position}`;

/** Where the upload endpoint stores the `n`th image: a URL of the media endpoint, as the service answers. */
export const uploadedImage = (n: number) => `/api/media/00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A mailed link (its token is its own hash): sent long ago, so resending is never too soon, and never expiring. */
export const linkOf = (tokenHash: string) => ({ tokenHash, sentAt: new Date(0).toISOString(), expiresAt: new Date(8.64e15).toISOString() });

/** Mailed links that work: token → the email they were sent to. */
type Links = Record<string, string>;

/**
 * Arranges the API's world: the accounts (records are copied, so a test's constants stay as written), the
 * links mailed to them, whether sign-in with a provider is on; `signedInAs`: the browser holds their refresh cookie.
 */
export function seed(given: { users?: UserRecord[]; verificationLinks?: Links; resetLinks?: Links; oidcEnabled?: boolean; signedInAs?: string }) {
  db.users.push(...(given.users ?? []).map(accountOf));
  for (const kind of ['verificationLinks', 'resetLinks'] as const)
    for (const [token, email] of Object.entries(given[kind] ?? {})) findUser(email)?.[kind].push(linkOf(token));
  db.oidcEnabled = given.oidcEnabled ?? db.oidcEnabled;
  if (given.signedInAs) signInBrowser(given.signedInAs);
}

/** The account a test wrote, as the command side holds it. */
function accountOf({ _id: userId, password: passwordHash, badge, ...user }: UserRecord): Account {
  const links = { verificationLinks: [], resetLinks: [] };
  return { ...structuredClone(user), ...links, exists: true, userId, passwordHash, identities: [], badge: (badge?.toLowerCase() ?? null) as Account['badge'] };
}

/** The browser now holds `email`'s refresh cookie (as after a sign-in, or the popup sign-in's callback). */
export function signInBrowser(email: string) {
  const user = findUser(email);
  if (!user) throw new Error(`No user ${email} to sign in`);
  holdSession(user.userId);
}

/** Emails are matched as the read models keep them: trimmed and lower case. */
export const findUser = (email: string) => db.users.find((user) => user.email.trim().toLowerCase() === email.trim().toLowerCase());

export function makeUser(overrides: Partial<UserRecord> & Pick<UserRecord, 'name' | 'email'>): UserRecord {
  return { _id: `id-${overrides.email}`, photo: '', badge: null, role: 'user', emailVerified: true, password: 'secret123', ...overrides };
}
