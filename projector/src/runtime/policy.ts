import { jobId } from '@hostel/contracts';
import type { EventType, JobData, JobName } from '@hostel/contracts';
import type { Kysely } from 'kysely';
import type { JobQueue } from '@hostel/messaging/job-queue';
import type { ProjectedEvent, Projection, ReadModelTables } from '@hostel/read-models';

/** A command a policy asks the command-api's worker to run. */
export type PolicyJob = {
  [Q in JobName]: {
    queue: Q;
    data: JobData<Q>;
    /**
     * The id of what triggered it (a payment, an upcoming meal). The job id is `<queue>:<triggerId>`,
     * derived here and nowhere else, so a trigger seen twice (a replay after a crash, a redelivery)
     * queues nothing new.
     */
    triggerId: string;
  };
}[JobName];

type Reaction<T extends EventType> = (event: Extract<ProjectedEvent, { type: T }>) => PolicyJob | readonly PolicyJob[] | undefined;

/**
 * A policy: for each event type it reacts to, the command job(s) to queue. Pure (no queue, no I/O,
 * no clock), so what it asks for is decided by the event alone and is the same every time the event
 * is seen.
 */
export interface Policy {
  /** Its checkpoint is `policy:<name>`. */
  name: string;
  reactions: { [T in EventType]?: Reaction<T> };
  /**
   * The jobs whose effect the read models do not show yet (a payment above its member's badge, a
   * meal at the threshold still up for the vote), asked again at start: a job that failed for good,
   * or a trigger recorded before policies were durable, is not left behind. Same ids as `reactions`.
   */
  reconcile?: (db: Kysely<ReadModelTables>) => Promise<PolicyJob[]>;
}

type QueuedJob = { queue: JobName; data: unknown; jobId: string };
const queued = (job: PolicyJob): QueuedJob => ({ queue: job.queue, data: job.data, jobId: jobId(job.queue, job.triggerId) });

/** The jobs `policy` queues for `event`, with their deterministic ids; none for an event it ignores. */
export function jobsFor(policy: Policy, event: ProjectedEvent): QueuedJob[] {
  // The map is keyed by event type, so the reaction found is the one for this event's type.
  const react = policy.reactions[event.type] as ((event: ProjectedEvent) => PolicyJob | readonly PolicyJob[] | undefined) | undefined;
  const jobs = react?.(event) ?? [];
  // Each job carries why it runs: the request that started it all, and this event.
  const trace = { correlationId: event.correlationId, causationId: event.eventId };
  return (Array.isArray(jobs) ? jobs : [jobs as PolicyJob]).map(queued).map((job) => ({ ...job, data: { ...(job.data as object), trace } }));
}

/** The jobs `policy`'s reconciliation asks for now, with the ids its reactions would give them. */
export async function reconciliationJobs(policy: Policy, db: Kysely<ReadModelTables>): Promise<QueuedJob[]> {
  return (await policy.reconcile?.(db))?.map(queued) ?? [];
}

/** A policy made runnable on `queue`, to be started with the projections (`startProjector({policies})`). */
export type PolicyRunner = Projection & {
  kind: 'policy';
  /** Queues what `reconcile` finds missing; answers how many jobs it asked for. */
  reconcile(db: Kysely<ReadModelTables>): Promise<number>;
};

/**
 * Runs a policy with the projection runtime: its own checkpoint, one active instance (advisory lock),
 * each event handled once in steady state. It writes no table, so a rebuild has nothing of it to
 * replay: `npm run rebuild` replays the read models (`projections`) only, and policies never fire.
 *
 * The jobs are added within the batch's transaction, the one that moves the policy's checkpoint:
 * with the PostgreSQL queue they commit together (a crash keeps both or neither); with BullMQ the
 * job is stored in Redis before the checkpoint commits, so a crash can only queue it again, never
 * lose it, and the deterministic job id and idempotent commands make the repeat harmless.
 */
export function policyRunner(policy: Policy, queue: JobQueue): PolicyRunner {
  return {
    kind: 'policy',
    name: `policy:${policy.name}`,
    handles: Object.keys(policy.reactions) as EventType[],
    tables: [],
    async apply(trx, event) {
      for (const job of jobsFor(policy, event)) await queue.enqueue(job.queue, job.data, { jobId: job.jobId, within: trx });
    },
    async reconcile(db) {
      const jobs = await reconciliationJobs(policy, db);
      for (const job of jobs) await queue.enqueue(job.queue, job.data, { jobId: job.jobId });
      return jobs.length;
    },
  };
}
