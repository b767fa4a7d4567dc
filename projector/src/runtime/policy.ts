import { jobId } from '@hostel/contracts';
import type { EventType, JobData, JobName } from '@hostel/contracts';
import type { JobQueue } from '@hostel/messaging/job-queue';
import type { ProjectedEvent, Projection } from './projection';

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
}

/** The jobs `policy` queues for `event`, with their deterministic ids; none for an event it ignores. */
export function jobsFor(policy: Policy, event: ProjectedEvent): { queue: JobName; data: unknown; jobId: string }[] {
  // The map is keyed by event type, so the reaction found is the one for this event's type.
  const react = policy.reactions[event.type] as ((event: ProjectedEvent) => PolicyJob | readonly PolicyJob[] | undefined) | undefined;
  const jobs = react?.(event) ?? [];
  return (Array.isArray(jobs) ? jobs : [jobs as PolicyJob]).map((job) => ({ queue: job.queue, data: job.data, jobId: jobId(job.queue, job.triggerId) }));
}

/** A policy made runnable on `queue`, to be started with the projections (`startProjector({policies})`). */
export type PolicyRunner = Projection & { kind: 'policy' };

/**
 * Runs a policy with the projection runtime: its own checkpoint, one active instance (advisory lock),
 * each event handled once in steady state. It writes no table, so a rebuild has nothing of it to
 * replay: `npm run rebuild` replays the read models (`projections`) only, and policies never fire.
 *
 * The jobs are queued inside the batch, before the checkpoint commits: a crash can only queue a job
 * again, never lose it, and the deterministic job id turns that repeat into a no-op (the commands are
 * idempotent besides, for a repeat after the queue forgot the id).
 */
export function policyRunner(policy: Policy, queue: JobQueue): PolicyRunner {
  return {
    kind: 'policy',
    name: `policy:${policy.name}`,
    handles: Object.keys(policy.reactions) as EventType[],
    tables: [],
    async apply(_trx, event) {
      for (const job of jobsFor(policy, event)) await queue.enqueue(job.queue, job.data, { jobId: job.jobId });
    },
  };
}
