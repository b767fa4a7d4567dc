import { type DomainEvent, type ErrorAnswer, ERROR_STATUS, type EventOf, type EventType } from '@hostel/contracts';
import { type Decider, DomainError } from '@hostel/domain/deciders';
import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { type Claims, db, nextPosition } from './db';

/**
 * What every handler module shares: the access rules (bearer token, signed in, admin), validation with
 * the contracts' schemas, `{message}` refusals and `X-Total-Count` pages, answered as the services do.
 * A refusal is thrown as a Response, which msw answers as it is.
 */

export function refuse(status: number, message: string, issues?: ErrorAnswer['issues']): never {
  throw HttpResponse.json({ message, ...(issues ? { issues } : {}) } satisfies ErrorAnswer, { status });
}

/**
 * The product's own decider decides `command` on `state` (what this fake holds, as the decider folds
 * it): the fake never restates a rule. A refusal answers as the services' error handler words it.
 */
export function decide<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, command: C, state: S = decider.initialState): E[] {
  try {
    return decider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) refuse(ERROR_STATUS[error.kind], error.message, error.issues);
    throw error;
  }
}

/** Decides `command` on `state` and applies each event decided with `project`: the change's position, or undefined for none. */
export function change<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, command: C, state: S, project: (event: E) => unknown): string | undefined {
  const events = decide(decider, command, state);
  events.forEach(project);
  return events.length > 0 ? nextPosition() : undefined;
}

/**
 * The command side as the command API runs it, on this test's event streams: the product's decider
 * decides on the state its own `evolve` folds from the stream (history a test gives with `given`), and
 * what it decides is appended. The fake never restates a rule, nor what a read model makes of events.
 */
export function handle<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, stream: string, command: C) {
  const state = stateOf(decider, stream);
  const events = decide(decider, command, state);
  db.streams.set(stream, [...(db.streams.get(stream) ?? []), ...events]);
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

/** The caller from the bearer token; like the services' access hook, a token we did not issue is refused on any route. */
export function caller(request: Request): Claims | undefined {
  const header = request.headers.get('authorization');
  if (!header) return undefined;
  const claims = db.tokens.get(header.replace(/^Bearer\s+/i, ''));
  return claims ?? refuse(401, 'Your session has expired. Please sign in again.');
}

/** Routes declared `user`: 401 for a visitor. */
export const signedIn = (request: Request): Claims => caller(request) ?? refuse(401, 'Please sign in first');

/** Routes declared `admin`: what the token says decides, as it said it when issued. */
export function admin(request: Request): Claims {
  const claims = signedIn(request);
  return claims.role === 'admin' ? claims : refuse(403, 'Only admins can do that');
}

type Part = 'body' | 'querystring' | 'params' | 'headers';

/** Validates with a contracts schema; refused as the services' error handler words it (the first issue leads). */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part: Part): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const where = part === 'body' ? 'Request body' : `Request ${part}`;
  return refuse(400, !first ? 'Invalid request' : first.path === '' ? `${where} is not valid: ${first.message}` : first.message, issues);
}

export const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** A JSON body, or undefined for none. */
export async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return refuse(400, 'Request body is not valid JSON');
  }
}

/**
 * The words a contracts schema refuses `input` with: texts that live in a schema are read from it,
 * never copied here.
 */
export function messageOf(schema: z.ZodType, input: unknown): string {
  const message = schema.safeParse(input).error?.issues[0]?.message;
  if (!message) throw new Error('The schema accepted what was meant to be refused');
  return message;
}

/** One page of a list, the whole count in `X-Total-Count`. */
export const page = <T>(items: readonly T[], { skip, limit }: { skip: number; limit: number }) =>
  HttpResponse.json(items.slice(skip, skip + limit), { headers: { 'x-total-count': String(items.length) } });
