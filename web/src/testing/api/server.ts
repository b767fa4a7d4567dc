import { setupServer } from 'msw/node';
import { authHandlers } from './auth';
import { mealHandlers } from './meals';
import { mediaHandlers } from './media';
import { requestHandlers } from './requests';
import { reviewHandlers } from './reviews';
import { upcomingHandlers } from './upcoming';
import { userHandlers } from './users';

/**
 * Our API at the network boundary (Mock Service Worker): the real app, its QueryClient, session and
 * API client talk to these handlers over `fetch`. Started, reset and stopped by the setup file; a test
 * answers one call differently with msw's own `server.use(http.post(…))`, which lasts until the test ends.
 */
export const server = setupServer(
  ...authHandlers,
  ...userHandlers,
  ...mediaHandlers,
  ...mealHandlers,
  ...reviewHandlers,
  ...upcomingHandlers,
  ...requestHandlers,
);

/** A request as the app sent it: what tests check about the traffic (never how a handler answered). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, FormData for an upload, undefined for none; read from a copy, the handler gets the original. */
  body: unknown;
}

const recorded: RecordedRequest[] = [];

// Every request, whichever handler answers it (a test's own included), in the order sent.
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: RecordedRequest = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    headers: new Headers([...request.headers]),
    body: undefined,
  };
  recorded.push(entry);
  void readBody(request.clone()).then((body) => (entry.body = body));
});

/** What the app sent: FormData for an upload, JSON parsed, other text as it is. */
async function readBody(copy: Request): Promise<unknown> {
  if (copy.headers.get('content-type')?.startsWith('multipart/form-data')) return copy.formData();
  const text = await copy.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The requests sent to `method path` (the path without its query) so far in this test. */
export const requests = (method: string, path: string) => recorded.filter((request) => request.method === method && request.path === path);

export function forgetRequests() {
  recorded.length = 0;
}
