import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from './harness';

/**
 * Deny by default, proven route by route: every registered route is walked with no token, the
 * owner, another user and an admin. A route added without a row here fails the first test.
 */
type Actor = 'visitor' | 'owner' | 'other' | 'admin';
interface Row {
  request: (ids: { ownerId: string; ownerEmail: string }) => { method: string; url: string; body?: unknown };
  expect: Record<Actor, number>;
}
const all = (status: number): Record<Actor, number> => ({ visitor: status, owner: status, other: status, admin: status });

const matrix: Record<string, Row> = {
  'GET /health': { request: () => ({ method: 'GET', url: '/health' }), expect: all(200) },
  'POST /api/auth/register': { request: () => ({ method: 'POST', url: '/api/auth/register', body: {} }), expect: all(400) },
  'POST /api/auth/login': { request: () => ({ method: 'POST', url: '/api/auth/login', body: {} }), expect: all(400) },
  'POST /api/auth/refresh': { request: () => ({ method: 'POST', url: '/api/auth/refresh' }), expect: all(401) },
  'POST /api/auth/logout': { request: () => ({ method: 'POST', url: '/api/auth/logout' }), expect: all(204) },
  'GET /api/auth/config': { request: () => ({ method: 'GET', url: '/api/auth/config' }), expect: all(200) },
  'GET /api/auth/jwks': { request: () => ({ method: 'GET', url: '/api/auth/jwks' }), expect: all(200) },
  'GET /api/auth/oidc/start': { request: () => ({ method: 'GET', url: '/api/auth/oidc/start' }), expect: all(200) },
  'GET /api/auth/oidc/callback': { request: () => ({ method: 'GET', url: '/api/auth/oidc/callback?code=x&state=y' }), expect: all(200) },
  'POST /users': {
    request: () => ({ method: 'POST', url: '/users', body: { name: 'Renamed' } }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  'PATCH /users/admin/:id': {
    request: ({ ownerId }) => ({ method: 'PATCH', url: `/users/admin/${ownerId}` }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'POST /api/uploads': { request: () => ({ method: 'POST', url: '/api/uploads' }), expect: { visitor: 401, owner: 400, other: 400, admin: 400 } },
  'GET /api/media/:id': { request: () => ({ method: 'GET', url: `/api/media/${crypto.randomUUID()}` }), expect: all(404) },
  'GET /users/:email': {
    request: ({ ownerEmail }) => ({ method: 'GET', url: `/users/${ownerEmail}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /api/users': {
    request: ({ ownerEmail }) => ({ method: 'GET', url: `/api/users?email=${ownerEmail}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /users': { request: () => ({ method: 'GET', url: '/users' }), expect: { visitor: 401, owner: 403, other: 403, admin: 200 } },
};

let product: Awaited<ReturnType<typeof startProduct>>;
let tokens: Record<Actor, string | undefined>;
let ids: { ownerId: string; ownerEmail: string };

beforeAll(async () => {
  product = await startProduct();
  const owner = await product.register('Owner', 'owner@example.com');
  const other = await product.register('Other', 'other@example.com');
  const admin = await product.register('Boss', 'boss@hostel.test');
  tokens = { visitor: undefined, owner: owner.token, other: other.token, admin: admin.token };
  ids = { ownerId: owner.user._id, ownerEmail: owner.user.email };
  // Reads below must see these accounts.
  await product.call('GET', '/users/boss@hostel.test', { token: admin.token, headers: { 'x-min-position': admin.position } });
});
afterAll(async () => product?.stop());

describe('authorization matrix', () => {
  it('covers every registered route', () => {
    const registered = product.services.routes.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered).toEqual(Object.keys(matrix).sort());
  });

  for (const [route, row] of Object.entries(matrix)) {
    for (const actor of ['visitor', 'owner', 'other', 'admin'] as const) {
      it(`${route} as ${actor} → ${row.expect[actor]}`, async () => {
        const { method, url, body } = row.request(ids);
        const token = tokens[actor];
        const response = await product.call(method, url, { ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });
        expect(response.statusCode, response.body).toBe(row.expect[actor]);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      });
    }
  }
});
