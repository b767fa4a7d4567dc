/** The projector: read-model migrations, projections, the runtime that applies them, rebuilds. */
import type { ReadModelTables } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { projections } from './projections';
import type { PolicyRunner } from './runtime/policy';
import type { LiveMessage, Projection } from './runtime/projection';
import { runProjection } from './runtime/run-projection';

export { projectorMigrations } from './migrations';
export { projections } from './projections';
export { mealCatalogProjection } from './meal-catalog/meal-catalog-projection';
export { grantBadge } from './policies/grant-badge-policy';
export { publishUpcoming } from './policies/publish-upcoming-policy';
export { policies } from './policy-list';
export { jobsFor, policyRunner } from './runtime/policy';
export type { Policy, PolicyJob, PolicyRunner } from './runtime/policy';
export { rebuildProjection } from './runtime/rebuild';
export { runProjection } from './runtime/run-projection';
export type { LiveMessage, Projection, ProjectedEvent } from './runtime/projection';

/** Starts every projection and policy; `caughtUp` resolves once all have applied the log as it stood. */
export function startProjector(deps: {
  store: EventStore;
  db: Kysely<ReadModelTables>;
  log: Logger;
  publish?: (message: LiveMessage) => void;
  only?: readonly Projection[];
  /** Policies on their job queue (`policyRunner`, see runtime/policy.ts): run like projections, never replayed by a rebuild. */
  policies?: readonly PolicyRunner[];
}) {
  const running = [...(deps.only ?? projections), ...(deps.policies ?? [])].map((projection) => runProjection(projection, deps));
  return {
    caughtUp: Promise.all(running.map((projection) => projection.caughtUp)).then(() => undefined),
    stop: () => Promise.all(running.map((projection) => projection.stop())).then(() => undefined),
  };
}
