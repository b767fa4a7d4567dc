import {
  type DomainEvent,
  type ErrorAnswer,
  ERROR_STATUS,
  type EventOf,
  type EventType,
  RECALL_WINDOW_MS,
  requesterOf,
  ROUTES,
  type RouteKey,
  type ServeQueueItem,
} from '@hostel/contracts';
import { type Decider, DomainError, mealRequestsDecider, mealRequestsStream } from '@hostel/domain/deciders';
import { recallableUntil } from '@hostel/read-models/pure';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import { type Claims, db, nextPosition } from './db';

/**
 * What every route of the fake shares, answered as the services answer: the route's access (contracts'
 * ROUTES), validation with the contracts' schemas, `{message}` refusals, and the command side, where the
 * product's own decider decides: the fake never restates a rule. A refusal is thrown as a Response, which msw answers as it is.
 */

export function refuse(status: number, message: string, issues?: ErrorAnswer['issues']): never {
  throw HttpResponse.json({ message, ...(issues ? { issues } : {}) } satisfies ErrorAnswer, { status });
}

/** `decider` decides `command` on `state`; a refusal answers as the services' error handler words it. */
export function decide<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, command: C, state: S = decider.initialState): E[] {
  try {
    return decider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) refuse(ERROR_STATUS[error.kind], error.message, error.issues);
    throw error;
  }
}

/**
 * The command side as the command API runs it: `decider` decides `command` on the state its own `evolve`
 * folds from the stream named `on` (history a test gives with `given`), then appends what it decided; or
 * on a state held elsewhere, which `project` keeps up with each event. Either way recorded (`decided`).
 */
export function run<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, on: string | { state: S; project: (event: E) => void }, command: C) {
  const state = typeof on === 'string' ? stateOf(decider, on) : on.state;
  const events = decide(decider, command, state);
  if (typeof on === 'string') given({ stream: on, events });
  else events.forEach(on.project);
  db.decided.push(...events);
  return { events, state: events.reduce(decider.evolve, state), position: events.length > 0 ? nextPosition() : undefined };
}

/** The state `decider` folds from `stream` (empty: its initial state). */
export const stateOf = <C, E extends DomainEvent, S>(decider: Decider<C, E, S>, stream: string): S =>
  (db.streams.get(stream) ?? []).reduce((state, event) => decider.evolve(state, event as E), decider.initialState);

/** A stream's history before the test: `{ stream, events }` as the factories make them. */
export interface History {
  stream: string;
  events: DomainEvent[];
}

/** The streams hold this history (as if decided before the test); not among `decided()`. */
export function given(...histories: History[]) {
  for (const { stream, events } of histories) db.streams.set(stream, [...(db.streams.get(stream) ?? []), ...events]);
}

/** What the deciders decided in this test, in order (of one type, if given): what a test's world changes on. */
export const decided = <T extends EventType>(type?: T): EventOf<T>[] => db.decided.filter((event): event is EventOf<T> => !type || event.type === type);

/**
 * `requests` as their streams hold them now: each at the stage the domain's own fold (evolve) puts it,
 * recallable for as long as the read model's own `recallableUntil` says; cancelled ones gone. For a
 * test's reads after the kitchen or the student changed them (their history given).
 */
export function current<T extends Pick<ServeQueueItem, '_id' | 'status'> & Partial<Pick<ServeQueueItem, 'recallableUntil'>>>(requests: readonly T[]): T[] {
  return requests.flatMap((request) => {
    const requester = requesterOf(request._id);
    const entry = requester && stateOf(mealRequestsDecider, mealRequestsStream(requester)).requests.find((candidate) => candidate.requestId === request._id);
    if (!entry) return [];
    const until = recallableUntil(entry.advancedAt ? new Date(entry.advancedAt) : null, RECALL_WINDOW_MS, new Date());
    return [{ ...request, status: entry.status, ...('recallableUntil' in request ? { recallableUntil: until } : {}) }];
  });
}

/** Validates with a contracts schema; refused as the services' error handler words it (the first issue leads). */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part: 'body' | 'params' | 'querystring'): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const where = part === 'body' ? 'Request body' : `Request ${part}`;
  return refuse(400, !first ? 'Invalid request' : first.path === '' ? `${where} is not valid: ${first.message}` : first.message, issues);
}

/** The words a contracts schema refuses `input` with: texts that live in a schema are read from it, never copied here. */
export function messageOf(schema: z.ZodType, input: unknown): string {
  const message = schema.safeParse(input).error?.issues[0]?.message;
  if (!message) throw new Error('The schema accepted what was meant to be refused');
  return message;
}

/** What the app sent: FormData for an upload, JSON parsed, none undefined; what is not JSON, as `notJson` makes of it. */
export async function readBody(request: Request, notJson: (text: string) => unknown = (text) => text): Promise<unknown> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return notJson(text);
  }
}

/** What a route's row is given: the request, its path parameters, its body read, and the caller (none on a public route). */
export interface Call {
  request: Request;
  params: Record<string, unknown>;
  body: unknown;
  caller: Claims;
}

/** A route's row: what it answers (JSON, or a Response as it is) to a call its access let through. */
export type Row = (call: Call) => JsonBodyType | Response;

/** The caller from the bearer token; like the services' access hook, a token we did not issue is refused. */
function callerOf(request: Request, access: (typeof ROUTES)[RouteKey]): Claims | undefined {
  if (access === 'public') return undefined;
  const header = request.headers.get('authorization');
  const claims = header ? (db.tokens.get(header.replace(/^Bearer\s+/i, '')) ?? refuse(401, 'Your session has expired. Please sign in again.')) : undefined;
  if (!claims) return refuse(401, 'Please sign in first');
  // What the token says decides, as it said it when issued.
  return access === 'user' || claims.role === 'admin' ? claims : refuse(403, 'Only admins can do that');
}

/** The msw handler of `route` (`'METHOD /path/:param'`): access as ROUTES declares it, then the row. */
export function handlerOf(route: RouteKey, row: Row) {
  const [method = '', path = ''] = route.split(' ');
  return http[method.toLowerCase() as 'get'](path, async ({ request, params }) => {
    const caller = callerOf(request, ROUTES[route]) as Claims;
    const answer = row({ request, params, caller, body: await readBody(request, () => refuse(400, 'Request body is not valid JSON')) });
    return answer instanceof Response ? answer : HttpResponse.json(answer);
  });
}
