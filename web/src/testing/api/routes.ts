import type { RouteKey } from '@hostel/contracts';

/** Why the web's tests need no fake for a route: what calls it instead. */
type Unfaked = { unfaked: string };

const browser: Unfaked = { unfaked: 'the browser loads it itself (an image, a popup, a redirect), not the app through fetch' };
const operator: Unfaked = { unfaked: 'for probes and operators, never the web app' };

/**
 * Every route of contracts' catalogue (ROUTES), and whether the web tests' fake API answers it
 * (`'faked'`) or why the web's tests need none. Exhaustive: a route added to the catalogue does not
 * compile here until its fake exists (or the reason it needs none is written), and
 * `routes.unit.spec.ts` ('fakes every route marked faked, and no other') holds the fake's handlers to
 * this list both ways.
 */
export const FAKED_ROUTES = {
  'GET /health': operator,
  'GET /health/live': operator,
  'GET /health/ready': operator,

  'POST /api/auth/register': 'faked',
  'POST /api/auth/login': 'faked',
  'POST /api/auth/refresh': 'faked',
  'POST /api/auth/logout': 'faked',
  'POST /api/auth/verify-email': 'faked',
  'POST /api/auth/resend-verification': 'faked',
  'POST /api/auth/forgot-password': 'faked',
  'POST /api/auth/reset-password': 'faked',
  'GET /api/auth/config': 'faked',
  'GET /api/auth/jwks': { unfaked: 'read by the services that verify tokens, never the web app' },
  'GET /api/auth/oidc/start': browser,
  'GET /api/auth/oidc/callback': browser,

  'POST /api/newsletter': 'faked',
  'POST /api/newsletter/confirm': 'faked',
  'POST /api/newsletter/unsubscribe': 'faked',

  'POST /users': 'faked',
  'PATCH /users/admin/:id': 'faked',
  'PATCH /users/auditor/:id': 'faked',
  'GET /users/:email': 'faked',
  'GET /api/users': 'faked',
  'GET /users': 'faked',

  'POST /api/uploads': 'faked',
  'GET /api/media/:id': browser,

  'POST /api/meals': 'faked',
  'PUT /api/meals/:id': 'faked',
  'PATCH /api/meals/:id': { unfaked: 'partial edits by API clients; the web app edits a meal with PUT' },
  'DELETE /api/meals/:id': 'faked',
  'PATCH /api/meals/:id/like': 'faked',
  'GET /api/meals': 'faked',
  'GET /api/meals/:id': 'faked',

  'POST /api/reviews': 'faked',
  'DELETE /api/reviews/:id': 'faked',
  'GET /api/reviews/:mealId': 'faked',
  'GET /api/reviews': 'faked',

  'POST /payment': 'faked',
  'POST /api/webhooks/stripe': { unfaked: 'called by Stripe, never the web app' },
  'GET /payments': 'faked',

  'POST /api/upcomingMeals': 'faked',
  'PATCH /api/upcomingMeals/:id/like': 'faked',
  'PATCH /api/upcomingMeals/:id/publish': 'faked',
  'GET /api/upcomingMeals': 'faked',

  'POST /api/mealRequests': 'faked',
  'DELETE /api/mealRequests/:id': 'faked',
  'PATCH /api/requestedMeals/:id/serve': 'faked',
  'PATCH /api/requestedMeals/:id/approve': 'faked',
  'PATCH /api/requestedMeals/:id/recall': 'faked',
  'GET /api/serveQueue': 'faked',
  'GET /api/serveQueue/waiting': 'faked',
  'GET /api/mealRequests': 'faked',
  'GET /api/requestedMeals/admin': 'faked',

  'GET /api/audit/events': 'faked',
  'GET /api/audit/entities': 'faked',
  'GET /api/audit/correlations/:id': 'faked',
  'GET /api/audit/payments': 'faked',
  'GET /api/audit/digest': 'faked',
  'GET /api/audit/export': 'faked',
  'GET /api/audit/export-link': 'faked',
  'GET /api/audit/:entity/:id': 'faked',
  'GET /api/audit/:entity/:id/state': 'faked',
  'GET /api/audit/:entity/:id/diff': 'faked',
  'GET /api/audit/keys': 'faked',
  'GET /api/audit/download': 'faked',
} as const satisfies Record<RouteKey, 'faked' | Unfaked>;
