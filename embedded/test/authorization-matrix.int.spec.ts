import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from './harness';

/**
 * Deny by default, proven route by route: every registered route is walked with no token, the
 * owner, another user and an admin. A route added without a row here fails the first test.
 */
type Actor = 'visitor' | 'owner' | 'other' | 'admin';
interface Ids {
  ownerId: string;
  ownerEmail: string;
  mealId: string;
  /** A fresh review by the owner, so every actor meets one that exists. */
  ownerReview(): Promise<string>;
  /** The owner's open meal request (made when there is none), so every actor meets one that exists. */
  ownerRequest(): Promise<string>;
}
interface Row {
  request: (ids: Ids) => { method: string; url: string; body?: unknown } | Promise<{ method: string; url: string; body?: unknown }>;
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
  'POST /api/meals': { request: () => ({ method: 'POST', url: '/api/meals', body: {} }), expect: { visitor: 401, owner: 403, other: 403, admin: 400 } },
  'PUT /api/meals/:id': {
    request: ({ mealId }) => ({ method: 'PUT', url: `/api/meals/${mealId}`, body: { title: 'Renamed', distributorName: 'Chef', rating: 5, price: 3 } }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'PATCH /api/meals/:id': {
    request: ({ mealId }) => ({ method: 'PATCH', url: `/api/meals/${mealId}`, body: { description: 'Changed' } }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'DELETE /api/meals/:id': {
    request: () => ({ method: 'DELETE', url: `/api/meals/${crypto.randomUUID()}` }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 404 },
  },
  'PATCH /api/meals/:id/like': { request: ({ mealId }) => ({ method: 'PATCH', url: `/api/meals/${mealId}/like` }), expect: { visitor: 401, owner: 200, other: 200, admin: 200 } },
  'GET /api/meals': { request: () => ({ method: 'GET', url: '/api/meals?category=All' }), expect: all(200) },
  'GET /api/meals/:id': { request: ({ mealId }) => ({ method: 'GET', url: `/api/meals/${mealId}` }), expect: all(200) },
  'POST /api/reviews': {
    request: ({ mealId }) => ({ method: 'POST', url: '/api/reviews', body: { mealId, review: 'Tasty' } }),
    expect: { visitor: 401, owner: 201, other: 201, admin: 201 },
  },
  'DELETE /api/reviews/:id': {
    request: async ({ ownerReview }) => ({ method: 'DELETE', url: `/api/reviews/${await ownerReview()}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /api/reviews/:mealId': { request: ({ mealId }) => ({ method: 'GET', url: `/api/reviews/${mealId}` }), expect: all(200) },
  'GET /api/reviews': {
    request: ({ ownerEmail }) => ({ method: 'GET', url: `/api/reviews?userEmail=${ownerEmail}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'POST /payment': {
    request: () => ({ method: 'POST', url: '/payment', body: { package: 'Silver', stripeToken: 'tok_visa' } }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  // Stripe calls it, so anyone may; without Stripe keys there is nothing there. Signatures: payments-stripe.int.spec.ts.
  'POST /api/webhooks/stripe': { request: () => ({ method: 'POST', url: '/api/webhooks/stripe', body: {} }), expect: all(404) },
  'POST /api/upcomingMeals': { request: () => ({ method: 'POST', url: '/api/upcomingMeals', body: {} }), expect: { visitor: 401, owner: 403, other: 403, admin: 400 } },
  // Nobody in this matrix holds a membership badge: members' likes are in upcoming.int.spec.ts.
  'PATCH /api/upcomingMeals/:id/like': {
    request: () => ({ method: 'PATCH', url: `/api/upcomingMeals/${crypto.randomUUID()}/like` }),
    expect: { visitor: 401, owner: 404, other: 404, admin: 404 },
  },
  'PATCH /api/upcomingMeals/:id/publish': {
    request: () => ({ method: 'PATCH', url: `/api/upcomingMeals/${crypto.randomUUID()}/publish` }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 404 },
  },
  'GET /api/upcomingMeals': { request: () => ({ method: 'GET', url: '/api/upcomingMeals' }), expect: all(200) },
  'POST /api/mealRequests': {
    request: ({ mealId }) => ({ method: 'POST', url: '/api/mealRequests', body: { mealId } }),
    expect: { visitor: 401, owner: 201, other: 201, admin: 201 },
  },
  'DELETE /api/mealRequests/:id': {
    request: async ({ ownerRequest }) => ({ method: 'DELETE', url: `/api/mealRequests/${await ownerRequest()}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 403 },
  },
  'PATCH /api/requestedMeals/:id/serve': {
    request: async ({ ownerRequest }) => ({ method: 'PATCH', url: `/api/requestedMeals/${await ownerRequest()}/serve` }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'GET /api/mealRequests': {
    request: ({ ownerEmail }) => ({ method: 'GET', url: `/api/mealRequests?userEmail=${ownerEmail}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /api/requestedMeals/admin': { request: () => ({ method: 'GET', url: '/api/requestedMeals/admin' }), expect: { visitor: 401, owner: 403, other: 403, admin: 200 } },
  'GET /payments': {
    request: ({ ownerEmail }) => ({ method: 'GET', url: `/payments?email=${ownerEmail}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
};

let product: Awaited<ReturnType<typeof startProduct>>;
let tokens: Record<Actor, string | undefined>;
let ids: Ids;

beforeAll(async () => {
  product = await startProduct();
  const owner = await product.register('Owner', 'owner@example.com');
  const other = await product.register('Other', 'other@example.com');
  const admin = await product.register('Boss', 'boss@hostel.test');
  tokens = { visitor: undefined, owner: owner.token, other: other.token, admin: admin.token };
  const meal = await product.addMeal(admin.token);
  const requested = await product.addMeal(admin.token, { title: 'Requested Often' });
  let openRequest = '';
  ids = {
    ownerId: owner.user._id,
    ownerEmail: owner.user.email,
    mealId: meal._id,
    ownerReview: async () => (await product.call('POST', '/api/reviews', { token: owner.token, body: { mealId: meal._id, review: 'Mine' } })).json()._id,
    ownerRequest: async () => {
      const asked = await product.call('POST', '/api/mealRequests', { token: owner.token, body: { mealId: requested._id } });
      // 409: the one made for an actor before is still open.
      if (asked.statusCode === 201) openRequest = asked.json()._id;
      return openRequest;
    },
  };
  // Reads below must see these accounts.
  await product.call('GET', `/api/meals/${meal._id}`, { headers: { 'x-min-position': meal.position } });
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
        const { method, url, body } = await row.request(ids);
        const token = tokens[actor];
        const response = await product.call(method, url, { ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });
        expect(response.statusCode, response.body).toBe(row.expect[actor]);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      });
    }
  }
});
