import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '@hostel/read-models';
import type { EventStore } from '@hostel/eventstore';
import { auditRoutes, EXPORT_IDLE_MS } from './audit/routes';
import type { PositionWaiter } from './consistency/wait-for-position';
import { registerReadYourWrites } from './consistency/wait-for-position';
import { mealQueryRoutes } from './meals/routes';
import { paymentQueryRoutes } from './payments/routes';
import { mealRequestQueryRoutes } from './requests/routes';
import { upcomingQueryRoutes } from './upcoming/routes';
import { reviewQueryRoutes } from './reviews/routes';
import { userQueryRoutes } from './users/routes';

export interface ReadApiDeps {
  db: Kysely<ReadModelTables>;
  waiter: PositionWaiter;
  /** The log itself: the audit folds entities' states from it, and records its exports in it. */
  store: EventStore;
  /** Where an export opens a connection of its own for its COPY. */
  databaseUrl: string;
  /** How long an export waits on a reader who reads nothing before cutting it off (default 2 minutes). */
  exportIdleMs?: number;
}

/**
 * The read side as a Fastify plugin: the spec's GET endpoints, each answered by its read model's
 * queries (`@hostel/read-models`), one encapsulated plugin per resource.
 */
export async function readApi(app: FastifyInstance, deps: ReadApiDeps): Promise<void> {
  registerReadYourWrites(app, deps.waiter);
  await app.register(userQueryRoutes, { db: deps.db });
  await app.register(mealQueryRoutes, { db: deps.db, waiter: deps.waiter });
  await app.register(reviewQueryRoutes, { db: deps.db });
  await app.register(paymentQueryRoutes, { db: deps.db });
  await app.register(upcomingQueryRoutes, { db: deps.db });
  await app.register(mealRequestQueryRoutes, { db: deps.db });
  await app.register(auditRoutes, { db: deps.db, store: deps.store, databaseUrl: deps.databaseUrl, exportIdleMs: deps.exportIdleMs ?? EXPORT_IDLE_MS });
}
