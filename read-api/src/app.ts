import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '@hostel/contracts';
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
}

/** The read side as a Fastify plugin: the spec's GET endpoints over the read models. */
export async function readApi(app: FastifyInstance, deps: ReadApiDeps): Promise<void> {
  registerReadYourWrites(app, deps.waiter);
  userQueryRoutes(app, deps);
  mealQueryRoutes(app, deps);
  reviewQueryRoutes(app, deps);
  paymentQueryRoutes(app, deps);
  upcomingQueryRoutes(app, deps);
  mealRequestQueryRoutes(app, deps);
}
