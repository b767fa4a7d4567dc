import { type DomainEvent, SESSION_MARKER_COOKIE, type UserDto } from '@hostel/contracts';

/**
 * The fake API's memory: the records its handlers read and write, as the read models keep them.
 * Tests arrange their world with `seed` (and `makeUser`, and the builders of testing/fixtures.ts) and may look at `db` afterwards;
 * the setup file empties it after each test.
 */

/** An account: what the API answers about it, and the password it signs in with. */
export interface UserRecord extends UserDto {
  password: string;
  emailVerified: boolean;
}
/** What an access token says, as it said it when issued: a promotion shows only in the next one. */
export interface Claims {
  sub: string;
  email: string;
  name: string;
  role: UserDto['role'];
}

function emptyDb() {
  return {
    users: [] as UserRecord[],
    /** URLs the upload endpoint handed out: a meal or a photo may only use a stored image. */
    images: new Set<string>(),
    /** Mailed links that work: token → the email they were sent to. Reset links work once. */
    verificationLinks: new Map<string, string>(),
    resetLinks: new Map<string, string>(),
    /** The user whose refresh cookie the browser holds, if any. */
    session: undefined as string | undefined,
    tokens: new Map<string, Claims>(),
    oidcEnabled: false,
    /** The command side's event streams, by name: history given by the test, then what was decided. */
    streams: new Map<string, DomainEvent[]>(),
    /** The events decided in this test, in order. */
    decided: [] as DomainEvent[],
    /** The event log's length: each change answers the next position. */
    position: 0,
  };
}

export const db = emptyDb();

/** Forgets everything: the setup file calls it after each test. */
export function resetDb() {
  Object.assign(db, emptyDb());
  holdSession(undefined);
}

/**
 * The browser holds `userId`'s refresh cookie (undefined: none), and so the readable marker cookie the
 * command API sets and clears with it (SESSION_MARKER_COOKIE), which the app checks before asking to refresh.
 */
export function holdSession(userId: string | undefined) {
  db.session = userId;
  document.cookie = userId ? `${SESSION_MARKER_COOKIE}=1; path=/` : `${SESSION_MARKER_COOKIE}=; path=/; max-age=0`;
}

/** The position of a change just made, as the command API answers it (`X-Min-Position` for the next reads). */
export const nextPosition = () => `0/${++db.position}`;

export interface Seed {
  users?: UserRecord[];
  /** Whose refresh cookie the browser holds: the app starts signed in as them. */
  signedInAs?: string;
  oidcEnabled?: boolean;
  /** Mailed links that work, token → the email they were sent to. */
  verificationTokens?: Record<string, string>;
  resetTokens?: Record<string, string>;
}

/** Arranges the API's world; records are copied, so a test's constants stay as written. */
export function seed(given: Seed) {
  const copies = <T extends object>(records: T[] = []) => records.map((record) => structuredClone(record));
  db.users.push(...copies(given.users));
  for (const [token, email] of Object.entries(given.verificationTokens ?? {})) db.verificationLinks.set(token, email);
  for (const [token, email] of Object.entries(given.resetTokens ?? {})) db.resetLinks.set(token, email);
  if (given.oidcEnabled !== undefined) db.oidcEnabled = given.oidcEnabled;
  if (given.signedInAs) signInBrowser(given.signedInAs);
}

/** The browser now holds `email`'s refresh cookie (as after a sign-in, or the popup sign-in's callback). */
export function signInBrowser(email: string) {
  const user = findUser(email);
  if (!user) throw new Error(`No user ${email} to sign in`);
  holdSession(user._id);
}

/** Emails are matched as the read models keep them: trimmed and lower case. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
export const findUser = (email: string) => db.users.find((user) => sameEmail(user.email, email));

export function makeUser(overrides: Partial<UserRecord> & Pick<UserRecord, 'name' | 'email'>): UserRecord {
  return { _id: `id-${overrides.email}`, photo: '', badge: null, role: 'user', emailVerified: true, password: 'secret123', ...overrides };
}
