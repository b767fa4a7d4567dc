import type { RouteKey } from '@hostel/contracts';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { COMMANDS } from './commands';
import { handlerOf, readBody, type Row } from './http';

/**
 * Our API at the network boundary (Mock Service Worker): the real app, its QueryClient, session and
 * API client talk to these handlers over `fetch`. Started, reset and stopped by the setup file; a test
 * answers one call differently with msw's own `server.use(http.post(…))`, which lasts until the test ends.
 */
export const server = setupServer(...Object.entries(COMMANDS).map(([route, row]) => handlerOf(route as RouteKey, row as Row)));

/** The requests as the app sent them: what tests check about the traffic (never how a handler answered). */
const recorded: { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown }[] = [];

// Every request, whichever handler answers it (a test's own included), in the order sent.
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry = { method: request.method, path: url.pathname, query: url.searchParams, headers: new Headers([...request.headers]), body: undefined as unknown };
  recorded.push(entry);
  // Parsed JSON, FormData for an upload, undefined for none; read from a copy, the handler gets the original.
  void readBody(request.clone()).then((body) => (entry.body = body));
});

/** The requests sent to `method path` (the path without its query) so far in this test. */
export const requests = (method: string, path: string) => recorded.filter((request) => request.method === method && request.path === path);

export const forgetRequests = () => recorded.splice(0);

/**
 * For this test, GET `path` answers `body`, or what `body` makes of the request (its query, the test's
 * world after a write): what the read API answers is the test's to state, never computed here.
 */
export function answer<T extends JsonBodyType>(path: string, body: T | ((request: Request) => T)) {
  server.use(http.get(path, ({ request }) => HttpResponse.json(typeof body === 'function' ? (body as (request: Request) => T)(request) : body)));
}

/** For this test, GET `path` lists `items` (or those `items` picks for the query) in the order given, a page at a time, the whole count in X-Total-Count. */
export function answerPages<T extends JsonBodyType>(path: string, items: readonly T[] | ((query: URLSearchParams) => readonly T[])) {
  server.use(
    http.get(path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const listed = typeof items === 'function' ? items(query) : items;
      const skip = Number(query.get('skip') ?? 0);
      const limit = Number(query.get('limit') ?? listed.length);
      return HttpResponse.json(listed.slice(skip, skip + limit), { headers: { 'x-total-count': String(listed.length) } });
    }),
  );
}
