import type { UserDto } from '@hostel/contracts';
import { vi } from 'vitest';

/**
 * A stand-in for our API at the network boundary: `fetch` is replaced by a function that answers like
 * the server does (status codes, JSON bodies, X-Total-Count, the refresh cookie), over in-memory users.
 * Tests drive the real app (real QueryClient, session and API client) against it.
 */
export interface FakeUser extends UserDto {
  password: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Answer = Response | Promise<Response>;
type Override = (request: RecordedRequest) => Answer | undefined;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function makeUser(overrides: Partial<FakeUser> & Pick<FakeUser, 'name' | 'email'>): FakeUser {
  return { _id: `id-${overrides.email}`, photo: '', badge: null, role: 'user', password: 'secret123', ...overrides };
}

const publicUser = ({ password: _password, ...user }: FakeUser): UserDto => user;
const tokenFor = (user: FakeUser) => `token-${user._id}`;

export function startFakeServer({
  users = [],
  signedInAs,
  oidcEnabled = false,
}: { users?: FakeUser[]; signedInAs?: string; oidcEnabled?: boolean } = {}) {
  const state = {
    users: users.map((user) => ({ ...user })),
    /** Who the refresh cookie belongs to, if anyone. */
    cookieFor: signedInAs as string | undefined,
    position: 0,
    requests: [] as RecordedRequest[],
    overrides: [] as Override[],
  };

  const nextPosition = () => `0/${++state.position}`;
  const caller = (request: RecordedRequest) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
    return state.users.find((user) => tokenFor(user) === token);
  };
  const authAnswer = (user: FakeUser, extra: object = {}) => ({ token: tokenFor(user), user: publicUser(user), ...extra });

  const route = (request: RecordedRequest): Answer => {
    const { method, path, query } = request;
    const body = (request.body ?? {}) as Record<string, string>;
    if (method === 'GET' && path === '/api/auth/config') return json(200, { oidc: { enabled: oidcEnabled } });
    if (method === 'POST' && path === '/api/auth/refresh') {
      const user = state.users.find((candidate) => candidate.email === state.cookieFor);
      return user ? json(200, authAnswer(user)) : json(401, { message: 'Not signed in' });
    }
    if (method === 'POST' && path === '/api/auth/logout') {
      state.cookieFor = undefined;
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === '/api/auth/login') {
      const user = state.users.find((candidate) => candidate.email === body.email);
      if (!user || user.password !== body.password) return json(401, { message: 'Invalid email or password' });
      state.cookieFor = user.email;
      return json(200, authAnswer(user));
    }
    if (method === 'POST' && path === '/api/auth/register') {
      if (state.users.some((candidate) => candidate.email === body.email)) {
        return json(409, { message: 'An account with this email already exists' });
      }
      const user = makeUser({ name: body.name ?? '', email: body.email ?? '', password: body.password ?? '' });
      state.users.push(user);
      state.cookieFor = user.email;
      return json(201, authAnswer(user, { position: nextPosition() }));
    }

    const me = caller(request);
    if (path.startsWith('/users') || path.startsWith('/api/users') || path === '/api/uploads') {
      if (!me) return json(401, { message: 'Sign in first' });
    }
    if (method === 'POST' && path === '/api/uploads') return json(201, { url: '/api/uploads/photo-1' });
    if (method === 'POST' && path === '/users' && me) {
      if (body.photo !== undefined) me.photo = body.photo;
      if (body.name !== undefined) me.name = body.name;
      return json(200, { user: publicUser(me), position: nextPosition() });
    }
    if (method === 'GET' && path === '/api/users') {
      const user = state.users.find((candidate) => candidate.email === query.get('email'));
      return user ? json(200, publicUser(user)) : json(404, { message: 'User not found' });
    }
    if (method === 'GET' && path === '/users') {
      if (me?.role !== 'admin') return json(403, { message: 'Admins only' });
      const search = (query.get('search') ?? '').toLowerCase();
      const matching = state.users.filter(
        (user) => user.name.toLowerCase().includes(search) || user.email.includes(search),
      );
      const skip = Number(query.get('skip') ?? 0);
      const limit = Number(query.get('limit') ?? 10);
      return json(200, matching.slice(skip, skip + limit).map(publicUser), { 'x-total-count': String(matching.length) });
    }
    const promote = /^\/users\/admin\/(.+)$/.exec(path);
    if (method === 'PATCH' && promote) {
      if (me?.role !== 'admin') return json(403, { message: 'Admins only' });
      const user = state.users.find((candidate) => candidate._id === decodeURIComponent(promote[1] ?? ''));
      if (!user) return json(404, { message: 'User not found' });
      user.role = 'admin';
      return json(200, { message: 'User promoted', position: nextPosition() });
    }
    const byEmail = /^\/users\/(.+)$/.exec(path);
    if (method === 'GET' && byEmail) {
      const email = decodeURIComponent(byEmail[1] ?? '');
      if (me?.email !== email && me?.role !== 'admin') return json(403, { message: 'Forbidden' });
      const user = state.users.find((candidate) => candidate.email === email);
      return user ? json(200, publicUser(user)) : json(404, { message: 'User not found' });
    }
    return json(404, { message: `No route ${method} ${path}` });
  };

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const rawBody = init.body;
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
    };
    state.requests.push(request);
    for (const override of state.overrides) {
      const answer = override(request);
      if (answer) return answer;
    }
    return route(request);
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    state,
    /** Answers matching requests differently (first matching override wins), e.g. to fail or delay them. */
    override(handler: Override) {
      state.overrides.push(handler);
    },
    requests: (method: string, path: string) => state.requests.filter((r) => r.method === method && r.path === path),
  };
}
