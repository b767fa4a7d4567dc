import type { RouteKey } from '@hostel/contracts';
import type { COMMANDS } from './commands';

/**
 * The writes of contracts' catalogue (ROUTES) that no row of COMMANDS answers: `'fixture'`, each test
 * that reaches one states its answer itself (`server.use`), or why the web's tests need none. Every read
 * (GET) is a fixture too: a test states what the read API answers (`answer`/`answerPages` in server.ts).
 * A test that reaches a route without answering it fails ('No handler answered', setup-tests.ts) rather
 * than read an answer someone else made up. Exhaustive: a write added to the catalogue does not compile
 * here until its row in COMMANDS, or its place here, is written; `routes.unit.spec.ts` holds the base handlers to COMMANDS.
 */
export const UNFAKED_WRITES = {
  'POST /api/auth/forgot-password': 'fixture',
  'POST /api/newsletter': 'fixture',
  'POST /api/newsletter/confirm': 'fixture',
  'POST /api/newsletter/unsubscribe': 'fixture',
  'POST /payment': 'fixture',
  'PATCH /api/meals/:id': { unfaked: 'partial edits by API clients; the web app edits a meal with PUT' },
  'POST /api/webhooks/stripe': { unfaked: 'called by Stripe, never the web app' },
} as const satisfies Record<Exclude<RouteKey, `GET ${string}` | keyof typeof COMMANDS>, 'fixture' | { unfaked: string }>;
