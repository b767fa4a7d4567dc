import { randomUUID } from 'node:crypto';
import { ROUTES, type RouteKey } from '@hostel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Deny by default, proven route by route: every registered route is walked with no token, the
 * owner, another user, an admin and an auditor. The rows are keyed by contracts' route catalogue
 * (ROUTES): a route listed there without a row here fails `npm run typecheck`, and a route registered
 * without being listed there (or with other access than listed) fails the first test.
 * An auditor reads what another user reads, and every signed-in write answers them 403, unless a row
 * says otherwise (`auditor`).
 */
type Actor = 'visitor' | 'owner' | 'other' | 'admin' | 'auditor';
interface Ids {
  ownerId: string;
  /** A user the admin makes an auditor (the owner gets promoted to admin by another row). */
  targetId: string;
  ownerEmail: string;
  mealId: string;
  /** A fresh review by the owner, so every actor meets one that exists. */
  ownerReview(): Promise<string>;
  /** The owner's open meal request (made when there is none), so every actor meets one that exists. */
  ownerRequest(): Promise<string>;
  /** The owner's open request, just approved by the admin: a stage change the kitchen may recall. */
  ownerApprovedRequest(): Promise<string>;
}
type MatrixRequest = { method: string; url: string; body?: unknown; headers?: Record<string, string> };
interface Row {
  request: (ids: Ids) => MatrixRequest | Promise<MatrixRequest>;
  expect: Record<Exclude<Actor, 'auditor'>, number> & { auditor?: number };
}
const all = (status: number): Record<Actor, number> => ({ visitor: status, owner: status, other: status, admin: status, auditor: status });

/** An audit route: admins and auditors read the trail, nobody else. */
const auditRead = (url: (ids: Ids) => string): Row => ({
  request: (ids) => ({ method: 'GET', url: url(ids) }),
  expect: { visitor: 401, owner: 403, other: 403, admin: 200, auditor: 200 },
});

const matrix: Record<RouteKey, Row> = {
  'GET /health': { request: () => ({ method: 'GET', url: '/health' }), expect: all(200) },
  'GET /health/live': { request: () => ({ method: 'GET', url: '/health/live' }), expect: all(200) },
  'GET /health/ready': { request: () => ({ method: 'GET', url: '/health/ready' }), expect: all(200) },
  'POST /api/auth/register': { request: () => ({ method: 'POST', url: '/api/auth/register', body: {} }), expect: all(400) },
  'POST /api/auth/login': { request: () => ({ method: 'POST', url: '/api/auth/login', body: {} }), expect: all(400) },
  'POST /api/auth/refresh': { request: () => ({ method: 'POST', url: '/api/auth/refresh' }), expect: all(401) },
  'POST /api/auth/logout': { request: () => ({ method: 'POST', url: '/api/auth/logout' }), expect: all(204) },
  'POST /api/auth/verify-email': { request: () => ({ method: 'POST', url: '/api/auth/verify-email', body: {} }), expect: all(400) },
  // Signed in only; everyone here has proven their address, so there is nothing to resend (the sending: mailed-links.int.spec.ts).
  'POST /api/auth/resend-verification': {
    request: () => ({ method: 'POST', url: '/api/auth/resend-verification' }),
    expect: { visitor: 401, owner: 409, other: 409, admin: 409 },
  },
  'POST /api/auth/forgot-password': { request: () => ({ method: 'POST', url: '/api/auth/forgot-password', body: {} }), expect: all(400) },
  'POST /api/auth/reset-password': { request: () => ({ method: 'POST', url: '/api/auth/reset-password', body: {} }), expect: all(400) },
  // Anyone may ask for the newsletter (a fresh address each time: the mail goes out); the links' own rules: newsletter.int.spec.ts.
  'POST /api/newsletter': {
    request: () => ({ method: 'POST', url: '/api/newsletter', body: { email: `reader-${randomUUID()}@example.com` } }),
    expect: all(202),
  },
  'POST /api/newsletter/confirm': { request: () => ({ method: 'POST', url: '/api/newsletter/confirm', body: {} }), expect: all(400) },
  'POST /api/newsletter/unsubscribe': { request: () => ({ method: 'POST', url: '/api/newsletter/unsubscribe', body: {} }), expect: all(400) },
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
  'PATCH /users/auditor/:id': {
    request: ({ targetId }) => ({ method: 'PATCH', url: `/users/auditor/${targetId}` }),
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
  'PATCH /api/meals/:id/like': {
    request: ({ mealId }) => ({ method: 'PATCH', url: `/api/meals/${mealId}/like` }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
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
    request: () => ({ method: 'POST', url: '/payment', body: { package: 'Silver', stripeToken: 'tok_visa' }, headers: { 'idempotency-key': randomUUID() } }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 200 },
  },
  // Stripe calls it, so anyone may; without Stripe keys there is nothing there. Signatures: payments-stripe.int.spec.ts.
  'POST /api/webhooks/stripe': { request: () => ({ method: 'POST', url: '/api/webhooks/stripe', body: {} }), expect: all(404) },
  'POST /api/upcomingMeals': {
    request: () => ({ method: 'POST', url: '/api/upcomingMeals', body: {} }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 400 },
  },
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
  'PATCH /api/requestedMeals/:id/approve': {
    request: async ({ ownerRequest }) => ({ method: 'PATCH', url: `/api/requestedMeals/${await ownerRequest()}/approve` }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'PATCH /api/requestedMeals/:id/recall': {
    request: async ({ ownerApprovedRequest }) => ({ method: 'PATCH', url: `/api/requestedMeals/${await ownerApprovedRequest()}/recall` }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'GET /api/serveQueue': {
    request: () => ({ method: 'GET', url: '/api/serveQueue' }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'GET /api/serveQueue/waiting': {
    request: () => ({ method: 'GET', url: '/api/serveQueue/waiting' }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'GET /api/mealRequests': {
    request: ({ ownerEmail }) => ({ method: 'GET', url: `/api/mealRequests?userEmail=${ownerEmail}` }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 200 },
  },
  'GET /api/requestedMeals/admin': {
    request: () => ({ method: 'GET', url: '/api/requestedMeals/admin' }),
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
  },
  'GET /api/audit/events': auditRead(() => '/api/audit/events?type=MealAdded'),
  'GET /api/audit/entities': auditRead(() => '/api/audit/entities?q=dal'),
  'GET /api/audit/correlations/:id': auditRead(() => `/api/audit/correlations/${crypto.randomUUID()}`),
  'GET /api/audit/payments': auditRead(() => '/api/audit/payments'),
  'GET /api/audit/digest': auditRead(() => '/api/audit/digest'),
  'GET /api/audit/export': auditRead(() => '/api/audit/export?format=csv&type=MealAdded'),
  'GET /api/audit/export-link': auditRead(() => '/api/audit/export-link?format=csv&type=MealAdded'),
  'GET /api/audit/:entity/:id': auditRead(({ mealId }) => `/api/audit/meals/${mealId}`),
  'GET /api/audit/:entity/:id/state': auditRead(({ mealId }) => `/api/audit/meals/${mealId}/state`),
  'GET /api/audit/:entity/:id/diff': auditRead(({ mealId }) => `/api/audit/meals/${mealId}/diff?from=0&to=0`),
  'GET /api/audit/keys': { request: () => ({ method: 'GET', url: '/api/audit/keys' }), expect: all(200) },
  // The link is the credential (an admin's, here): whoever follows it within the minute downloads that export.
  'GET /api/audit/download': {
    request: async () => {
      const asked = await product.call('GET', '/api/audit/export-link?format=csv&type=MealAdded', { token: tokens.admin! });
      return { method: 'GET', url: asked.json().url };
    },
    expect: all(200),
  },
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
  const owner = await product.registerVerified('Owner', 'owner@example.com');
  const other = await product.registerVerified('Other', 'other@example.com');
  const admin = await product.registerVerified('Boss', 'boss@hostel.test');
  const target = await product.registerVerified('Target', 'target@example.com');
  const auditor = await product.registerVerified('Auditor', 'auditor@example.com');
  await product.call('PATCH', `/users/auditor/${auditor.user._id}`, { token: admin.token });
  // A new sign-in: the access token carries the role.
  const auditorSession = (await product.call('POST', '/api/auth/login', { body: { email: 'auditor@example.com', password: 'secret-pass-1' } })).json() as {
    token: string;
    user: { role: string };
  };
  expect(auditorSession.user.role).toBe('auditor');
  tokens = { visitor: undefined, owner: owner.token, other: other.token, admin: admin.token, auditor: auditorSession.token };
  const meal = await product.addMeal(admin.token);
  const requested = await product.addMeal(admin.token, { title: 'Requested Often' });
  let openRequest = '';
  ids = {
    ownerId: owner.user._id,
    targetId: target.user._id,
    ownerEmail: owner.user.email,
    mealId: meal._id,
    ownerReview: async () => (await product.call('POST', '/api/reviews', { token: owner.token, body: { mealId: meal._id, review: 'Mine' } })).json()._id,
    ownerRequest: async () => {
      const asked = await product.call('POST', '/api/mealRequests', { token: owner.token, body: { mealId: requested._id } });
      // 409: the one made for an actor before is still open.
      if (asked.statusCode === 201) openRequest = asked.json()._id;
      return openRequest;
    },
    ownerApprovedRequest: async () => {
      const id = await ids.ownerRequest();
      const approved = await product.call('PATCH', `/api/requestedMeals/${id}/approve`, { token: admin.token });
      expect(approved.statusCode, approved.body).toBe(200);
      return id;
    },
  };
  // Reads below must see these accounts and meals.
  await product.caughtUp();
});
afterAll(async () => product?.stop());

describe('authorization matrix', () => {
  it('covers every registered route', () => {
    const registered = product.services.routes.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered).toEqual(Object.keys(matrix).sort());
    // …each with the access contracts' catalogue gives it (a route missing there, or declaring other access, is named here).
    const declared = Object.fromEntries(product.services.routes.map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(declared).toEqual(ROUTES);
  });

  for (const [route, row] of Object.entries(matrix)) {
    for (const actor of ['visitor', 'owner', 'other', 'admin', 'auditor'] as const) {
      it(`${route} as ${actor} → ${row.expect[actor] ?? 'as another user reads, 403 for a write'}`, async () => {
        const { method, url, body, headers } = await row.request(ids);
        const access = product.services.routes.find((registered) => `${registered.method} ${registered.url}` === route)?.access;
        const expected = row.expect[actor] ?? (method === 'GET' || access === 'public' ? row.expect.other : 403);
        const token = tokens[actor];
        const response = await product.call(method, url, {
          ...(token ? { token } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(headers ? { headers } : {}),
        });
        expect(response.statusCode, response.body).toBe(expected);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      });
    }
  }
});
