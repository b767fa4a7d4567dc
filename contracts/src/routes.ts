/**
 * Who may call a route (deny by default): `public` anyone, `user` a signed-in user, `admin` admins,
 * `audit` admins and auditors (the audit trail). An auditor calls no route that changes anything.
 */
export type AccessLevel = 'public' | 'user' | 'admin' | 'audit';

/**
 * Every HTTP route the product serves (`npm start` and the services together), with who may call it.
 * Routes still declare their own `config.access`; this catalogue is what they are held to: the
 * authorization matrix (api-tests/test/authorization-matrix.int.spec.ts) is keyed by it, so a route
 * listed here without its row fails `npm run typecheck`, and its first test ('covers every registered
 * route') fails while a route is registered that is missing here or declares other access.
 */
export const ROUTES = {
  'GET /health': 'public',
  'GET /health/live': 'public',
  'GET /health/ready': 'public',

  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/resend-verification': 'user',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/config': 'public',
  'GET /api/auth/jwks': 'public',
  'GET /api/auth/oidc/start': 'public',
  'GET /api/auth/oidc/callback': 'public',

  'POST /api/newsletter': 'public',
  'POST /api/newsletter/confirm': 'public',
  'POST /api/newsletter/unsubscribe': 'public',

  'POST /users': 'user',
  'PATCH /users/admin/:id': 'admin',
  'PATCH /users/auditor/:id': 'admin',
  'GET /users/:email': 'user',
  'GET /api/users': 'user',
  'GET /users': 'admin',

  'POST /api/uploads': 'user',
  'GET /api/media/:id': 'public',

  'POST /api/meals': 'admin',
  'PUT /api/meals/:id': 'admin',
  'PATCH /api/meals/:id': 'user',
  'DELETE /api/meals/:id': 'admin',
  'PATCH /api/meals/:id/like': 'user',
  'GET /api/meals': 'public',
  'GET /api/meals/:id': 'public',

  'POST /api/reviews': 'user',
  'DELETE /api/reviews/:id': 'user',
  'GET /api/reviews/:mealId': 'public',
  'GET /api/reviews': 'user',

  'POST /payment': 'user',
  'POST /api/webhooks/stripe': 'public',
  'GET /payments': 'user',

  'POST /api/upcomingMeals': 'admin',
  'PATCH /api/upcomingMeals/:id/like': 'user',
  'PATCH /api/upcomingMeals/:id/publish': 'admin',
  'GET /api/upcomingMeals': 'public',

  'POST /api/mealRequests': 'user',
  'DELETE /api/mealRequests/:id': 'user',
  'PATCH /api/requestedMeals/:id/serve': 'admin',
  'PATCH /api/requestedMeals/:id/approve': 'admin',
  'PATCH /api/requestedMeals/:id/recall': 'admin',
  'GET /api/serveQueue': 'admin',
  'GET /api/serveQueue/waiting': 'admin',
  'GET /api/mealRequests': 'user',
  'GET /api/requestedMeals/admin': 'admin',

  'GET /api/audit/events': 'audit',
  'GET /api/audit/entities': 'audit',
  'GET /api/audit/correlations/:id': 'audit',
  'GET /api/audit/payments': 'audit',
  'GET /api/audit/digest': 'audit',
  'GET /api/audit/export': 'audit',
  'GET /api/audit/export-link': 'audit',
  'GET /api/audit/:entity/:id': 'audit',
  'GET /api/audit/:entity/:id/state': 'audit',
  'GET /api/audit/:entity/:id/diff': 'audit',
  'GET /api/audit/keys': 'public',
  'GET /api/audit/download': 'public',
} as const satisfies Record<string, AccessLevel>;

/** A route of the catalogue: 'METHOD /path/:param'. */
export type RouteKey = keyof typeof ROUTES;
