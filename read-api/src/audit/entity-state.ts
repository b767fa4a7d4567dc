import type { AuditEntity, AuditEvent, FieldChange } from '@hostel/contracts';
import {
  mealDecider,
  mealRequestsDecider,
  mealRequestsStream,
  mealStream,
  parseEvent,
  paymentDecider,
  paymentStream,
  upcomingDecider,
  upcomingStream,
  userDecider,
  userStream,
} from '@hostel/domain';
import type { MealRequestsState, ParsedEvent } from '@hostel/domain';
import { comparePositions, parsePosition } from '@hostel/eventstore';
import type { EventStore } from '@hostel/eventstore';
import { redact } from '@hostel/read-models/audit-log';

/** How an entity's state is folded: its own stream and the command side's own `evolve`. */
interface Folding {
  stream: string;
  initialState: unknown;
  evolve(state: unknown, event: ParsedEvent): unknown;
  /** The entity within the stream's state (a request within its student's requests). */
  pick(state: unknown): unknown;
}

const whole = (state: unknown) => state;

function foldingOf(entity: AuditEntity, id: string): Folding {
  const as = (decider: { initialState: unknown; evolve: (state: never, event: never) => unknown }, stream: string, pick = whole): Folding => ({
    stream,
    initialState: decider.initialState,
    evolve: decider.evolve as Folding['evolve'],
    pick,
  });
  switch (entity) {
    case 'meals':
      return as(mealDecider, mealStream(id));
    case 'upcoming':
      return as(upcomingDecider, upcomingStream(id));
    case 'users':
      return as(userDecider, userStream(id));
    case 'payments':
      return as(paymentDecider, paymentStream(id));
    case 'requests':
      // A request's id is `<studentId>.<n>`: it lives in its student's stream of requests.
      return as(mealRequestsDecider, mealRequestsStream(id.split('.')[0] ?? id), (state) =>
        (state as MealRequestsState).requests.find((request) => request.requestId === id),
      );
  }
}

/** The stream's events, parsed at the one read boundary (upcast to today's shapes). */
async function history(store: EventStore, folding: Folding): Promise<ParsedEvent[]> {
  return (await store.readStream(folding.stream)).map(parseEvent);
}

/** Plain JSON for an answer: bigints as strings, secrets redacted. */
const answerable = (value: unknown) =>
  redact(JSON.parse(JSON.stringify(value ?? null, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)))) as Record<string, unknown>;

/** The events of an entity's own stream, in order (the terminal's replay prints them). */
export async function entityHistory(store: EventStore, entity: AuditEntity, id: string): Promise<{ stream: string; events: ParsedEvent[] }> {
  const folding = foldingOf(entity, id);
  return { stream: folding.stream, events: await history(store, folding) };
}

/** Events of other streams an entity's fold takes in: a meal's likes, each in a stream of its own. */
export type OtherStreams = (entity: AuditEntity, id: string) => Promise<AuditEvent[]>;

/**
 * The entity as it stood at a moment (`at`) or after a version of its stream (`version`, with what
 * other streams recorded up to that event); undefined before its first event (or when the stream
 * never held it).
 */
export async function stateAt(
  store: EventStore,
  entity: AuditEntity,
  id: string,
  moment: { at?: Date | undefined; version?: number | undefined },
  otherStreams: OtherStreams = async () => [],
) {
  const folding = foldingOf(entity, id);
  const until = (occurredAt: string) => !moment.at || Date.parse(occurredAt) <= moment.at.getTime();
  const own = (await history(store, folding)).filter((event) =>
    moment.version !== undefined ? Number(event.streamVersion) <= moment.version : until(event.occurredAt),
  );
  const last = own.at(-1);
  if (!last) return undefined;
  const others = (await otherStreams(entity, id))
    .map((event) => ({ type: event.type, data: event.data, occurredAt: event.occurredAt, position: parsePosition(event.position)! }))
    .filter((event) => (moment.version !== undefined ? comparePositions(event.position, last.position) <= 0 : until(event.occurredAt)));
  const events = [...own, ...others].sort((left, right) => comparePositions(left.position, right.position));
  const state = folding.pick(events.reduce((current, event) => folding.evolve(current, event as ParsedEvent), folding.initialState));
  if (state === undefined) return undefined;
  return { stream: folding.stream, version: Number(last.streamVersion), at: events.at(-1)!.occurredAt, state: answerable(state) };
}

/**
 * What each event after version `from` up to `to` changed in the entity, field by field (lists by the
 * elements added and removed), each step with its event's type, time and actor id.
 */
export async function changesBetween(store: EventStore, entity: AuditEntity, id: string, from: number, to: number) {
  const folding = foldingOf(entity, id);
  const events = await history(store, folding);
  if (!events.some((event) => Number(event.streamVersion) === from)) return undefined;
  let state = folding.initialState;
  const steps: { version: number; type: string; occurredAt: string; actor: string; changes: FieldChange[] }[] = [];
  for (const event of events) {
    const version = Number(event.streamVersion);
    if (version > to) break;
    const next = folding.evolve(state, event);
    if (version > from)
      steps.push({
        version,
        type: event.type,
        occurredAt: event.occurredAt,
        actor: event.actor,
        changes: diff(answerable(folding.pick(state)), answerable(folding.pick(next))),
      });
    state = next;
  }
  return { stream: folding.stream, steps };
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
