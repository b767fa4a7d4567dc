import { AUDIT_DIFF_STEPS } from '@hostel/contracts';
import type { AuditEntity, FieldChange } from '@hostel/contracts';
import { evolveMeal, evolveMealRequests, evolveUpcoming, evolveUser, initialUserState, paymentDecider } from '@hostel/domain/deciders';
import type { MealEvent, MealRequestEntry, MealRequestEvent, MealState, PaymentEvent, UpcomingEvent, UserEvent } from '@hostel/domain/deciders';
import { redact } from './redaction';

/*
 * An entity's state as the audit shows it, folded from its own events with the deciders' own
 * `evolve`, and what changed between two versions: plain functions (the read API's audit pages, the
 * replay tool, and the web tests' fake API use them).
 */

/** An event as a fold reads it. */
interface Folded {
  type: string;
  data: Record<string, unknown>;
}

/**
 * How an entity's state is folded from its own events (its versions): the command side's own
 * `evolve` where the entity has a decider of its own, and what the audit adds to it: a meal's likes
 * and reviews counted, a request kept once cancelled (the student's fold lets it go).
 */
interface Folding<State> {
  initial: State;
  evolve(state: State, event: Folded): State;
  /** The state as the audit shows it; undefined while the entity does not exist. */
  shown(state: State): Record<string, unknown> | undefined;
}

const meals: Folding<{ meal: MealState; reviews: number }> = {
  initial: { meal: { status: 'none' }, reviews: 0 },
  evolve: (state, event) =>
    event.type === 'ReviewAdded'
      ? { ...state, reviews: state.reviews + 1 }
      : event.type === 'ReviewDeleted'
        ? { ...state, reviews: Math.max(0, state.reviews - 1) }
        : { ...state, meal: evolveMeal(state.meal, event as MealEvent) },
  shown: ({ meal, reviews }) => {
    if (meal.status === 'none') return undefined;
    if (meal.status === 'deleted') return { ...meal, reviews };
    // Its likers are in its timeline, one event each: the state counts them.
    const { likedBy, ...fields } = meal;
    return { ...fields, likes: likedBy.length, reviews };
  },
};

const upcoming: Folding<ReturnType<typeof evolveUpcoming>> = {
  initial: { status: 'none' },
  evolve: (state, event) => evolveUpcoming(state, event as UpcomingEvent),
  shown: (state) => {
    if (state.status === 'none') return undefined;
    const { likedBy, ...fields } = state;
    return { ...fields, likes: likedBy.length };
  },
};

/** A request as the student's fold keeps it, or 'Cancelled' (which that fold drops). */
type RequestShown = Omit<MealRequestEntry, 'status'> & { status: MealRequestEntry['status'] | 'Cancelled' };
const requests: Folding<RequestShown | undefined> = {
  initial: undefined,
  evolve: (state, event) => {
    if (event.type === 'MealRequestCancelled') return state && { ...state, status: 'Cancelled', advancedAt: undefined };
    // The student's fold, over this request alone.
    const requests = state && state.status !== 'Cancelled' ? [state as MealRequestEntry] : [];
    return evolveMealRequests({ userId: undefined, made: requests.length, requests }, event as MealRequestEvent).requests[0];
  },
  shown: (state) => state,
};

const users: Folding<ReturnType<typeof evolveUser>> = {
  initial: initialUserState,
  evolve: (state, event) => evolveUser(state, event as UserEvent),
  shown: (state) => (state.exists ? state : undefined),
};

/** A payment: the decider's fold, with the payment's record (amount, provider, when). */
const payments: Folding<Record<string, unknown> | undefined> = {
  initial: undefined,
  evolve: (_state, event) => ({ ...paymentDecider.evolve(paymentDecider.initialState, event as PaymentEvent), ...event.data }),
  shown: (state) => state,
};

const foldings: { [E in AuditEntity]: Folding<never> } = { meals, upcoming, requests, users, payments } as never;

/** Plain JSON for an answer: bigints as strings, secrets redacted. */
const answerable = (value: unknown) =>
  redact(JSON.parse(JSON.stringify(value ?? null, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)))) as Record<string, unknown>;

/** The entity after its own events `events` (in order): undefined while it does not exist. */
export function foldEntity(entity: AuditEntity, events: readonly Folded[]): Record<string, unknown> | undefined {
  const folding = foldings[entity] as Folding<unknown>;
  const shown = folding.shown(events.reduce(folding.evolve, folding.initial));
  return shown === undefined ? undefined : answerable(shown);
}

/**
 * What each event after version `from` up to `to` changed, field by field (lists by the elements
 * added and removed), the first AUDIT_DIFF_STEPS of them, and what differs between the two versions
 * overall. `events` are the entity's own, from version 1 up to `to` at least.
 */
export function changesBetween(entity: AuditEntity, events: readonly (Folded & { version: number })[], from: number, to: number) {
  const folding = foldings[entity] as Folding<unknown>;
  // Before it exists, it has no fields: its first version adds them all.
  const view = (state: unknown) => answerable(folding.shown(state) ?? {});
  let state = folding.initial;
  let before: Record<string, unknown> = {};
  const steps: { version: number; changes: FieldChange[] }[] = [];
  for (const event of events) {
    if (event.version > to) break;
    const next = folding.evolve(state, event);
    if (event.version === from) before = view(next);
    if (event.version > from && steps.length < AUDIT_DIFF_STEPS) steps.push({ version: event.version, changes: diff(view(state), view(next)) });
    state = next;
  }
  return { steps, changes: diff(before, view(state)), moreSteps: Math.max(0, to - from - steps.length) };
}

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Field-level differences between two plain values: nested records by dotted names, lists by their elements. */
export function diff(before: unknown, after: unknown, field = ''): FieldChange[] {
  if (same(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const added = after.filter((item) => !before.some((old) => same(old, item)));
    const removed = before.filter((item) => !after.some((next) => same(next, item)));
    return [{ field, added, removed }];
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diff(before[key], after[key], field ? `${field}.${key}` : key));
  }
  return [{ field, from: before ?? null, to: after ?? null }];
}
