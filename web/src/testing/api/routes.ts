import type { RouteKey } from '@hostel/contracts';

/** Why the web's tests need no fake for a route: what calls it instead. */
type Unfaked = { unfaked: string };

const browser: Unfaked = { unfaked: 'the browser loads it itself (an image, a popup, a redirect), not the app through fetch' };
const operator: Unfaked = { unfaked: 'for probes and operators, never the web app' };
const exports: Unfaked = { unfaked: 'for API clients and operators: the web app downloads through export-link, a link the browser follows' };

/**
 * Every route of contracts' catalogue (ROUTES), and how the web tests answer it: `'faked'`, a base
 * handler of the fake API answers it in every test; `'fixture'`, no base handler does: each test that
 * reaches it states its answer itself (`server.use`, or `answer`/`answerPages` in server.ts), and a test that does not fails ('No handler
 * answered', setup-tests.ts) rather than read an answer someone else made up; or why the web's tests need
 * none. Exhaustive: a route added to the catalogue does not compile here until its answer's place (or the
 * reason it needs none) is written, and `routes.unit.spec.ts` holds the base handlers to this list both ways.
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
  'POST /api/auth/forgot-password': 'fixture',
  'POST /api/auth/reset-password': 'faked',
  'GET /api/auth/config': 'faked',
  'GET /api/auth/jwks': { unfaked: 'read by the services that verify tokens, never the web app' },
  'GET /api/auth/oidc/start': browser,
  'GET /api/auth/oidc/callback': browser,

  'POST /api/newsletter': 'fixture',
  'POST /api/newsletter/confirm': 'fixture',
  'POST /api/newsletter/unsubscribe': 'fixture',

  'POST /users': 'faked',
  'PATCH /users/admin/:id': 'faked',
  'PATCH /users/auditor/:id': 'faked',
  'GET /users/:email': 'faked',
  'GET /api/users': 'faked',
  'GET /users': 'fixture',

  'POST /api/uploads': 'faked',
  'GET /api/media/:id': browser,

  'POST /api/meals': 'faked',
  'PUT /api/meals/:id': 'faked',
  'PATCH /api/meals/:id': { unfaked: 'partial edits by API clients; the web app edits a meal with PUT' },
  'DELETE /api/meals/:id': 'faked',
  'PATCH /api/meals/:id/like': 'faked',
  'GET /api/meals': 'fixture',
  'GET /api/meals/:id': 'fixture',

  'POST /api/reviews': 'faked',
  'DELETE /api/reviews/:id': 'faked',
  'GET /api/reviews/:mealId': 'fixture',
  'GET /api/reviews': 'fixture',

  'POST /payment': 'fixture',
  'POST /api/webhooks/stripe': { unfaked: 'called by Stripe, never the web app' },
  'GET /payments': 'fixture',

  'POST /api/upcomingMeals': 'faked',
  'PATCH /api/upcomingMeals/:id/like': 'faked',
  'PATCH /api/upcomingMeals/:id/publish': 'faked',
  'GET /api/upcomingMeals': 'fixture',

  'POST /api/mealRequests': 'faked',
  'DELETE /api/mealRequests/:id': 'faked',
  'PATCH /api/requestedMeals/:id/serve': 'faked',
  'PATCH /api/requestedMeals/:id/approve': 'faked',
  'PATCH /api/requestedMeals/:id/recall': 'faked',
  'GET /api/serveQueue': 'fixture',
  'GET /api/serveQueue/waiting': 'fixture',
  'GET /api/mealRequests': 'fixture',
  'GET /api/requestedMeals/admin': 'fixture',

  'GET /api/audit/events': 'fixture',
  'GET /api/audit/entities': 'fixture',
  'GET /api/audit/correlations/:id': 'fixture',
  'GET /api/audit/payments': 'fixture',
  'GET /api/audit/digest': 'fixture',
  'GET /api/audit/export': exports,
  'GET /api/audit/export-link': 'fixture',
  'GET /api/audit/:entity/:id': 'fixture',
  'GET /api/audit/:entity/:id/state': 'fixture',
  'GET /api/audit/:entity/:id/diff': 'fixture',
  'GET /api/audit/keys': 'fixture',
  'GET /api/audit/download': browser,
} as const satisfies Record<RouteKey, 'faked' | 'fixture' | Unfaked>;
