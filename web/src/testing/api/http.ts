import { type DomainEvent, type ErrorAnswer, ERROR_STATUS, type EventOf, type EventType, ROUTES, type RouteKey } from '@hostel/contracts';
import { type Decider, DomainError } from '@hostel/domain/deciders';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import { type Claims, db, nextPosition } from './db';

/**
 * What every route of the fake shares, answered as the services answer: the route's access (contracts' ROUTES), validation with
 * the contracts' schemas, `{message}` refusals (thrown as a Response, which msw answers as it is), and the command side, where the
 * product's own decider decides. Each row of COMMANDS (commands.ts) builds its command from the call (who asks from the token,
 * never the body) and answers in the service's words; what the read API answers, each test states.
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
 * on a state held elsewhere (`on` the state itself), which its caller then keeps. Either way recorded (`decided`).
 */
export function run<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, on: string | S, command: C) {
  const state = typeof on === 'string' ? stateOf(decider, on) : on;
  const events = decide(decider, command, state);
  if (typeof on === 'string') given({ stream: on, events });
  db.decided.push(...events);
  return { events, state: events.reduce(decider.evolve, state), position: events.length > 0 ? nextPosition() : undefined };
}

/** The state `decider` folds from `stream` (empty: its initial state). */
export const stateOf = <C, E extends DomainEvent, S>(decider: Decider<C, E, S>, stream: string): S =>
  (db.streams.get(stream) ?? []).reduce((state, event) => decider.evolve(state, event as E), decider.initialState);

/** A stream's history before the test: `{ stream, events }` as the factories make them. */
export type History = { stream: string; events: DomainEvent[] };

/** The streams hold this history (as if decided before the test); not among `decided()`. */
export function given(...histories: History[]) {
  for (const { stream, events } of histories) db.streams.set(stream, [...(db.streams.get(stream) ?? []), ...events]);
}

/** What the deciders decided in this test, in order (of one type, if given): what a test's world changes on. */
export const decided = <T extends EventType>(type?: T): EventOf<T>[] => db.decided.filter((event): event is EventOf<T> => !type || event.type === type);

/** Validates with a contracts schema; refused as the services' error handler words it (the first issue leads). */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part: 'body' | 'params' | 'querystring'): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const where = part === 'body' ? 'Request body' : `Request ${part}`;
  return refuse(400, !first ? 'Invalid request' : first.path === '' ? `${where} is not valid: ${first.message}` : first.message, issues);
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
export type Call = { request: Request; params: Record<string, unknown>; body: unknown; caller: Claims };

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
