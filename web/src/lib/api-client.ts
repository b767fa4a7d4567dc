import type { ErrorAnswer } from '@hostel/contracts';
import { MIN_POSITION_HEADER } from '@hostel/contracts/plain';
import { laterPosition } from './positions';
import { loadSchemas } from './schemas';
import type { AuthSession } from './auth-session';

/** A non-success answer of our API, carrying the server's message and field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own words, when its answer had a message. */
    readonly serverMessage: string | undefined,
    readonly issues: ErrorAnswer['issues'] = undefined,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON, FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Send the access token (default true). Sign-in calls turn it off so a 401 means "wrong credentials". */
  auth?: boolean;
  /** Extra request headers (say, an Idempotency-Key). */
  headers?: Record<string, string>;
  /** 'blob': a success's body as it came (a file to save); errors are still read as JSON. Default 'json'. */
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** The one way features talk to the API: JSON in and out, bearer token, read-your-writes. */
export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

function withQuery(path: string, query: RequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function errorFrom(status: number, body: unknown): Promise<ApiError> {
  const { ErrorAnswer } = await loadSchemas();
  const parsed = ErrorAnswer.safeParse(body);
  if (parsed.success) return new ApiError(status, parsed.data.message, parsed.data.issues);
  return new ApiError(status, undefined);
}

/**
 * Creates the API client over a session. A 401 on an authenticated call refreshes the session once and
 * retries; a second 401 (or a failed refresh) signs out. After every write the answer's `position` is
 * remembered and sent as `X-Min-Position` on the reads that follow, so a user always sees their own change.
 * `fetch` is the browser's unless given (the server's render reads its own API in-process).
 */
export function createApiClient(session: AuthSession, options: { fetch?: typeof globalThis.fetch } = {}): ApiClient {
  // Looked up per call otherwise: a test's fake API replaces the global after the client exists.
  const fetch: typeof globalThis.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let lastPosition: string | null = null;

  const send = (method: string, url: string, body: unknown, auth: boolean, extra: Record<string, string> = {}) => {
    const headers = new Headers({ ...extra, accept: 'application/json' });
    const state = session.getState();
    if (auth && state.status === 'signed-in') headers.set('authorization', `Bearer ${state.token}`);
    // A read that asks for a position of its own (a screen catching up) gets the later of it and our last write's.
    const minPosition = method === 'GET' ? laterPosition(headers.get(MIN_POSITION_HEADER), lastPosition) : undefined;
    if (minPosition) headers.set(MIN_POSITION_HEADER, minPosition);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('content-type', 'application/json');
      payload = JSON.stringify(body);
    }
    return fetch(url, { method, headers, body: payload, credentials: 'same-origin' });
  };

  const request = async <T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const { method = 'GET', body, query, auth = true, headers, responseType = 'json' } = options;
    const url = withQuery(path, query);
    let response = await send(method, url, body, auth, headers);
    if (response.status === 401 && auth && session.getState().status === 'signed-in') {
      if (await session.refresh()) {
        response = await send(method, url, body, auth, headers);
        if (response.status === 401) session.expire();
      }
    }
    if (responseType === 'blob' && response.ok) return { data: (await response.blob()) as T, status: response.status, headers: response.headers };
    const data = await readBody(response);
    if (!response.ok) throw await errorFrom(response.status, data);
    // Command answers carry the position of their last event (a string, or a number from some services).
    if (data && typeof data === 'object' && 'position' in data) {
      const { position } = data;
      if (typeof position === 'string' || typeof position === 'number') lastPosition = String(position);
    }
    return { data: data as T, status: response.status, headers: response.headers };
  };

  return {
    request,
    get: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => (await request<T>(path, { ...options, method: 'GET' })).data,
    post: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      (await request<T>(path, { ...options, method: 'POST', body })).data,
    patch: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      (await request<T>(path, { ...options, method: 'PATCH', body })).data,
    put: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      (await request<T>(path, { ...options, method: 'PUT', body })).data,
    delete: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => (await request<T>(path, { ...options, method: 'DELETE' })).data,
  };
}
