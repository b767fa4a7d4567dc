/** The projector: the runtime that applies the read models' projections (checkpoints, rebuilds), and the policies. */
import type { EventStore } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { projections } from '@hostel/read-models';
import type { LiveMessage, Projection, ReadModelTables } from '@hostel/read-models';
import type { PolicyRunner } from './runtime/policy';
import { runProjection } from './runtime/run-projection';

export { projectorMigrations } from './migrations';
export { grantBadge } from './policies/grant-badge-policy';
export { publishUpcoming } from './policies/publish-upcoming-policy';
export { policies } from './policy-list';
export { jobsFor, policyRunner } from './runtime/policy';
export type { Policy, PolicyJob, PolicyRunner } from './runtime/policy';
export { rebuildProjection, rebuildProjections } from './runtime/rebuild';
export type { RebuildDeps, RebuildStep } from './runtime/rebuild';
export { runProjection } from './runtime/run-projection';

/** Starts every projection and policy; `caughtUp` resolves once all have applied the log as it stood. */
export function startProjector(deps: {
  store: EventStore;
  db: Kysely<ReadModelTables>;
  log: Logger;
  publish?: (message: LiveMessage, cause?: { correlationId: string }) => void;
  only?: readonly Projection[];
  /** Policies on their job queue (`policyRunner`, see runtime/policy.ts): run like projections, never replayed by a rebuild. */
  policies?: readonly PolicyRunner[];
}) {
  const running = [...(deps.only ?? projections), ...(deps.policies ?? [])].map((projection) => runProjection(projection, deps));
  const caughtUp = Promise.all(running.map((projection) => projection.caughtUp)).then(() => undefined);
  // Once the read models show the log, each policy asks again for what they show missing.
  const reconciled = caughtUp.then(async () => {
    for (const policy of deps.policies ?? []) {
      try {
        const queued = await policy.reconcile(deps.db);
        if (queued > 0) deps.log.warn({ policy: policy.name, queued }, 'reconciliation queued jobs whose effect was missing');
      } catch (error) {
        deps.log.error({ err: error, policy: policy.name }, 'reconciliation failed; it runs again at the next start');
      }
    }
  });
  return {
    caughtUp,
    /** Resolves once every policy has been reconciled after catching up. */
    reconciled,
    stop: () => Promise.all(running.map((projection) => projection.stop())).then(() => undefined),
  };
}
