import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { PositionWaiter, ReadModelTables } from '@hostel/read-models';
import type { EventStore } from '@hostel/eventstore';
import type { Metrics } from '@hostel/platform/metrics';
import type { AuditKey } from './audit/digest';
import { auditRoutes, EXPORT_IDLE_MS } from './audit/routes';
import { registerReadYourWrites } from './consistency/wait-for-position';
import { mealQueryRoutes } from './meals/routes';
import { paymentQueryRoutes } from './payments/routes';
import { mealRequestQueryRoutes } from './requests/routes';
import { upcomingQueryRoutes } from './upcoming/routes';
import { reviewQueryRoutes } from './reviews/routes';
import { userQueryRoutes } from './users/routes';

/** Often enough that a changed event is narrowed to a few seconds of the log; a checkpoint costs one signature and one row. */
const CHECKPOINT_EVERY_MS = 10_000;

export interface ReadApiDeps {
  db: Kysely<ReadModelTables>;
  waiter: PositionWaiter;
  /** The log itself: the audit folds entities' states from it, and records its exports in it. */
  store: EventStore;
  /** Where an export opens a connection of its own for its COPY. */
  databaseUrl: string;
  /** How long an export waits on a reader who reads nothing before cutting it off (default 2 minutes). */
  exportIdleMs?: number;
  /** The key digests, checkpoints and export links are signed with (loadAuditKey: never from the database). */
  auditKey: AuditKey;
  /** How often the ledger's head is signed as a checkpoint while the log grows (default 10 s). */
  checkpointEveryMs?: number;
  /**
   * Where the newest signed checkpoint is also written, out of the database's reach (`npm start`: a
   * file in DATA_DIR; audit:verify reads it): checkpoints deleted from the database's end are found.
   */
  checkpointHeadFile?: string;
  /** Where read-api's own signals go (hostel_audit_checkpoints_refused). */
  metrics?: Metrics;
  /** The public origin pictures are answered from (`https://meals.example.edu/api/media/…`); absent: as recorded. */
  mediaOrigin?: string;
}

/**
 * The read side as a Fastify plugin: the spec's GET endpoints, each answered by its read model's
 * queries (`@hostel/read-models`), one encapsulated plugin per resource.
 */
export async function readApi(app: FastifyInstance, deps: ReadApiDeps): Promise<void> {
  registerReadYourWrites(app, deps.waiter);
  await app.register(userQueryRoutes, { db: deps.db });
  await app.register(mealQueryRoutes, { db: deps.db, waiter: deps.waiter, mediaOrigin: deps.mediaOrigin });
  await app.register(reviewQueryRoutes, { db: deps.db });
  await app.register(paymentQueryRoutes, { db: deps.db });
  await app.register(upcomingQueryRoutes, { db: deps.db, mediaOrigin: deps.mediaOrigin });
  await app.register(mealRequestQueryRoutes, { db: deps.db });
  await app.register(auditRoutes, {
    db: deps.db,
    store: deps.store,
    databaseUrl: deps.databaseUrl,
    exportIdleMs: deps.exportIdleMs ?? EXPORT_IDLE_MS,
    key: deps.auditKey,
    checkpointEveryMs: deps.checkpointEveryMs ?? CHECKPOINT_EVERY_MS,
    checkpointHeadFile: deps.checkpointHeadFile,
    metrics: deps.metrics,
  });
}
