import type { RouteKey } from '@hostel/contracts';
import type { COMMANDS } from './commands';

/** Why the web's tests need no fake for a route: what calls it instead. */
type Unfaked = { unfaked: string };

const browser: Unfaked = { unfaked: 'the browser loads it itself (an image, a popup, a redirect), not the app through fetch' };
const operator: Unfaked = { unfaked: 'for probes and operators, never the web app' };
const exports: Unfaked = { unfaked: 'for API clients and operators: the web app downloads through export-link, a link the browser follows' };

/**
 * Every route of contracts' catalogue (ROUTES) that no base handler answers (those are the rows of COMMANDS):
 * `'fixture'`, each test that reaches it states its answer itself (`server.use`, or `answer`/`answerPages`
 * in server.ts), and a test that does not fails ('No handler answered', setup-tests.ts) rather than read an
 * answer someone else made up; or why the web's tests need none. Exhaustive: a route added to the catalogue
 * does not compile here until its row in COMMANDS, or its place here, is written; `routes.unit.spec.ts`
 * holds the base handlers to COMMANDS.
 */
export const UNFAKED_ROUTES = {
  'GET /health': operator,
  'GET /health/live': operator,
  'GET /health/ready': operator,

  'POST /api/auth/forgot-password': 'fixture',
  'GET /api/auth/jwks': { unfaked: 'read by the services that verify tokens, never the web app' },
  'GET /api/auth/oidc/start': browser,
  'GET /api/auth/oidc/callback': browser,

  'POST /api/newsletter': 'fixture',
  'POST /api/newsletter/confirm': 'fixture',
  'POST /api/newsletter/unsubscribe': 'fixture',

  'GET /users': 'fixture',

  'GET /api/media/:id': browser,

  'PATCH /api/meals/:id': { unfaked: 'partial edits by API clients; the web app edits a meal with PUT' },
  'GET /api/meals': 'fixture',
  'GET /api/meals/:id': 'fixture',

  'GET /api/reviews/:mealId': 'fixture',
  'GET /api/reviews': 'fixture',

  'POST /payment': 'fixture',
  'POST /api/webhooks/stripe': { unfaked: 'called by Stripe, never the web app' },
  'GET /payments': 'fixture',

  'GET /api/upcomingMeals': 'fixture',

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
} as const satisfies Record<Exclude<RouteKey, keyof typeof COMMANDS>, 'fixture' | Unfaked>;
