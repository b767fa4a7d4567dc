import type { AuditDiff, AuditEntity, AuditEvent, AuditName, AuditPage, AuditState, ErrorAnswer, FieldChange } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { makeUser } from './api/db';
import { server } from './api/server';

/**
 * The audit tests' world: events as the read API answers them. What the audit log works out for an
 * event (its subject and that subject's version, the names of what it mentions as they were then) is
 * stated here, never computed; `inLog` gives them their place in the log, as the test lists them.
 */

/** People of the audit tests: an admin who runs the kitchen, a student, and an auditor who reads it all. */
export const boss = makeUser({ name: 'Boss', email: 'boss@hostel.test', role: 'admin' });
export const sam = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
export const audrey = makeUser({ name: 'Audrey Auditor', email: 'audrey@example.com', role: 'auditor' });

export const person = (user: typeof boss) => ({ id: user._id, email: user.email, name: user.name });

/** An event before it has its place in the log (position and chain hash). */
export type Unplaced = Omit<AuditEvent, 'position' | 'hash'>;

let made = 0;
/** An event; each one made is a minute newer than the one before. Actor: Boss unless given. */
export function auditEvent(given: Partial<Unplaced> & Pick<Unplaced, 'type' | 'stream' | 'data'>): Unplaced {
  const correlationId = given.correlationId ?? crypto.randomUUID();
  return {
    version: 0,
    occurredAt: new Date(Date.UTC(2026, 10, 20) + ++made * 60_000).toISOString(),
    actor: person(boss),
    correlationId,
    causationId: correlationId,
    schemaVersion: 1,
    ...given,
  };
}

/** The events as the log holds them, in the order given: positions `0/1`, `0/2`… (after `after` events already there) and chain hashes. */
export const inLog = (events: readonly Unplaced[], after = 0): AuditEvent[] =>
  events.map((event, index) => ({ ...event, position: `0/${after + index + 1}`, hash: (after + index + 1).toString(16).padStart(64, '0') }));

/** `names` entries: how an event named a person (their name and email then) or a thing. */
export const userNamed = (user: typeof boss, name = user.name): Record<string, AuditName> => ({ [`users:${user._id}`]: { name, email: user.email } });
export const named = (key: string, name: string): Record<string, AuditName> => ({ [key]: { name } });

/**
 * A meal's life as the log holds it: added, its price edited, its ingredients and title edited, liked by
 * Sam, and reviewed (from the review's own stream): five versions of the meal.
 */
export function mealHistory(mealId = crypto.randomUUID()): Unplaced[] {
  const stream = `meal-${mealId}`;
  const reviewId = crypto.randomUUID();
  const meal = (version: number, title: string) => ({ subject: { entity: 'meals' as const, id: mealId, version }, meal: named(`meals:${mealId}`, title) });
  const by = (user: typeof boss, version: number, title: string) => {
    const { subject, meal: names } = meal(version, title);
    return { actor: person(user), subject, names: { ...names, ...userNamed(user) } };
  };
  return [
    auditEvent({
      type: 'MealAdded',
      stream,
      version: 0,
      ...by(boss, 1, 'Dal Tadka'),
      data: {
        mealId,
        title: 'Dal Tadka',
        category: 'Lunch',
        image: `/api/media/${mealId}`,
        ingredients: ['lentils', 'garlic'],
        description: 'Slow-cooked lentils',
        price: 5,
        rating: 0,
        distributorName: 'Boss',
        distributorEmail: boss.email,
        postTime: '2026-11-20T08:00:00.000Z',
      },
    }),
    auditEvent({ type: 'MealEdited', stream, version: 1, ...by(boss, 2, 'Dal Tadka'), data: { mealId, changes: { price: 5.5 } } }),
    auditEvent({
      type: 'MealEdited',
      stream,
      version: 2,
      ...by(boss, 3, 'Dal Tadka Deluxe'),
      data: { mealId, changes: { ingredients: ['lentils', 'ghee', 'cumin'], title: 'Dal Tadka Deluxe' } },
    }),
    auditEvent({ type: 'MealLiked', stream, version: 3, ...by(sam, 4, 'Dal Tadka Deluxe'), data: { mealId, userId: sam._id } }),
    auditEvent({
      type: 'ReviewAdded',
      stream: `review-${reviewId}`,
      version: 0,
      ...by(sam, 5, 'Dal Tadka Deluxe'),
      data: {
        reviewId,
        mealId,
        mealTitle: 'Dal Tadka Deluxe',
        distributorName: 'Boss',
        userId: sam._id,
        userEmail: sam.email,
        userName: sam.name,
        review: 'Rich and smoky',
        createdAt: '2026-11-21T12:00:00.000Z',
      },
    }),
  ];
}

/** Someone signing up: registered, then a password (redacted, as the audit answers it): two versions of the user. */
export function registration(user: typeof sam): Unplaced[] {
  const stream = `user-${user._id}`;
  const names = userNamed(user);
  const subject = (version: number) => ({ entity: 'users' as const, id: user._id, version });
  return [
    auditEvent({
      type: 'UserRegistered',
      stream,
      version: 0,
      actor: person(user),
      subject: subject(1),
      names,
      data: { userId: user._id, name: user.name, email: user.email, photo: '', role: 'user' },
    }),
    auditEvent({
      type: 'UserPasswordSet',
      stream,
      version: 1,
      actor: person(user),
      subject: subject(2),
      names,
      data: { userId: user._id, passwordHash: '[redacted]' },
    }),
  ];
}

const DAL = '5d1f8a2e-1c1e-4a43-9a3b-5d2d7c0e8a21';
const SALMON = '5d1f8a2e-1c1e-4a43-9a3b-5d2d7c0e8a22';
const RISOTTO = '5d1f8a2e-1c1e-4a43-9a3b-5d2d7c0e8a23';

/**
 * Three requests of one student, in their one stream of requests: Dal Makhani approved by Boss and
 * taken back to Pending, Grilled Salmon cancelled by the student after that, Mushroom Risotto asked
 * last. Each meal is added first, so the log names them. Each request's versions are its own events.
 */
export function threeRequests(student: typeof sam = sam): { events: Unplaced[]; requests: [string, string, string]; risotto: string } {
  const stream = `request-${student._id}`;
  const ids: [string, string, string] = [`${student._id}.1`, `${student._id}.2`, `${student._id}.3`];
  const meal = (mealId: string, title: string) =>
    auditEvent({
      type: 'MealAdded',
      stream: `meal-${mealId}`,
      version: 0,
      subject: { entity: 'meals', id: mealId, version: 1 },
      names: { ...named(`meals:${mealId}`, title), ...userNamed(boss) },
      data: {
        mealId,
        title,
        category: 'Dinner',
        image: `/api/media/${mealId}`,
        ingredients: [],
        description: '',
        price: 6,
        rating: 0,
        distributorName: 'Boss',
        distributorEmail: boss.email,
        postTime: '2026-11-20T08:00:00.000Z',
      },
    });
  const about = (requestId: string, version: number, mealId: string, mealTitle: string, actor: typeof boss) => ({
    stream,
    actor: person(actor),
    subject: { entity: 'requests' as const, id: requestId, version },
    names: { ...named(`meals:${mealId}`, mealTitle), ...userNamed(student), ...userNamed(actor) },
  });
  const requested = (requestId: string, mealId: string, mealTitle: string, version: number) =>
    auditEvent({
      type: 'MealRequested',
      version,
      ...about(requestId, 1, mealId, mealTitle, student),
      data: {
        requestId,
        userId: student._id,
        userEmail: student.email,
        userName: student.name,
        userBadge: 'gold',
        mealId,
        mealTitle,
        distributorName: 'Boss',
        requestTime: '2026-11-20T12:00:00.000Z',
      },
    });
  const [dal, salmon, risotto] = ids;
  const kitchen = (requestId: string, mealId: string) => ({ requestId, userId: student._id, mealId });
  return {
    requests: ids,
    risotto: RISOTTO,
    events: [
      meal(DAL, 'Dal Makhani'),
      meal(SALMON, 'Grilled Salmon'),
      meal(RISOTTO, 'Mushroom Risotto'),
      requested(dal, DAL, 'Dal Makhani', 0),
      requested(salmon, SALMON, 'Grilled Salmon', 1),
      auditEvent({
        type: 'MealRequestApproved',
        version: 2,
        ...about(dal, 2, DAL, 'Dal Makhani', boss),
        data: { ...kitchen(dal, DAL), approvedAt: '2026-11-20T12:05:00.000Z', approvedBy: boss._id },
      }),
      auditEvent({
        type: 'MealRequestRecalled',
        version: 3,
        ...about(dal, 3, DAL, 'Dal Makhani', boss),
        data: { ...kitchen(dal, DAL), from: 'Approved', to: 'Pending', recalledAt: '2026-11-20T12:06:00.000Z', recalledBy: boss._id },
      }),
      auditEvent({ type: 'MealRequestCancelled', version: 4, ...about(salmon, 2, SALMON, 'Grilled Salmon', student), data: kitchen(salmon, SALMON) }),
      requested(risotto, RISOTTO, 'Mushroom Risotto', 5),
    ],
  };
}

/** What the read API answers about one entity, as the test states it: its states by version (the audit log folds them), what changed between two (`'from→to'`). */
export interface EntityAnswers {
  /** The events that mention it, in commit order (its page answers them newest first when asked). */
  timeline?: AuditEvent[];
  /** Its state after each version asked for; the highest is its latest. The event that made a version is the timeline's. */
  states?: Record<number, Record<string, unknown>>;
  /** The version it stood at at a moment (`?at=`); undefined: it did not exist yet. */
  versionAt?: (at: Date) => number | undefined;
  diffs?: Record<string, Omit<AuditDiff, 'from' | 'to' | 'steps'> & { steps?: AuditDiff['steps'] }>;
}

/** The entity's audit reads answer what `answers` states (a version or diff it does not state goes unanswered, failing the test). */
export function answerEntity(entity: AuditEntity, id: string, { timeline = [], states = {}, versionAt, diffs = {} }: EntityAnswers) {
  const path = `/api/audit/${entity}/${encodeURIComponent(id)}`;
  const versions = Math.max(0, ...Object.keys(states).map(Number));
  const stateOf = (version: number | undefined): AuditState | undefined => {
    const event = timeline.find((candidate) => candidate.subject?.entity === entity && candidate.subject.id === id && candidate.subject.version === version);
    const state = version === undefined ? undefined : states[version];
    return event && state && { version: version!, versions, at: event.occurredAt, event, state };
  };
  const notYet = () => HttpResponse.json({ message: 'It did not exist then' } satisfies ErrorAnswer, { status: 404 });
  server.use(
    http.get(path, ({ request }) =>
      HttpResponse.json({ events: new URL(request.url).searchParams.get('order') === 'desc' ? timeline.toReversed() : timeline } satisfies AuditPage),
    ),
    http.get(`${path}/state`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const at = query.get('at');
      const version = at ? versionAt?.(new Date(at)) : query.has('version') ? Number(query.get('version')) : versions || undefined;
      if (version === undefined) return notYet();
      const state = stateOf(version);
      return state ? HttpResponse.json(state) : undefined;
    }),
    http.get(`${path}/diff`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const [from, to] = [Number(query.get('from')), Number(query.get('to'))];
      const stated = diffs[`${from}→${to}`];
      return stated && HttpResponse.json({ from, to, steps: [], ...stated } satisfies AuditDiff);
    }),
  );
}

/** A diff's step: what version `version` (made by `event`) changed. */
export const step = (event: AuditEvent, changes: FieldChange[]): AuditDiff['steps'][number] => ({
  version: event.subject!.version,
  type: event.type,
  occurredAt: event.occurredAt,
  actor: event.actor,
  changes,
});

/** The search's answer, `GET /api/audit/events`: what the test says it finds for a query (newest first when asked so). */
export function answerSearch(found: (query: URLSearchParams) => AuditPage) {
  server.use(http.get('/api/audit/events', ({ request }) => HttpResponse.json(found(new URL(request.url).searchParams))));
}

/** Newest first when the query asks for it, as the log answers (the order of the test's list otherwise). */
export const ordered = (events: AuditEvent[], query: URLSearchParams) => (query.get('order') === 'desc' ? events.toReversed() : events);
