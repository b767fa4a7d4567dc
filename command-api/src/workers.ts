import { GrantBadgeJob, JOBS, UpcomingJob } from '@hostel/contracts';
import type { JobName, JobTrace } from '@hostel/contracts';
import { handleCommand, userDecider, userStream } from '@hostel/domain';
import type { CommandContext } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import type { JobHandler, JobQueue } from '@hostel/messaging/job-queue';
import type { Metrics } from '@hostel/platform/metrics';
import type { Logger } from 'pino';
import { listPublishedMeal, publishUpcomingMeal } from './upcoming/publish';

/**
 * A job's command is the policy's (actor 'system'), part of the request that started it all (the
 * trace's correlation), caused by the event that triggered it. A job queued without a trace (a
 * reconciliation) is its own correlation.
 */
const systemContext = (job: { id: string }, trace: JobTrace | undefined): CommandContext => ({
  actor: 'system',
  correlationId: trace?.correlationId ?? job.id,
  causationId: trace?.causationId ?? job.id,
});

/**
 * The command side of the projector's policies: each job runs one idempotent command, so a job run
 * twice (at-least-once delivery) changes nothing the second time.
 */
export function startWorkers(queue: JobQueue, store: EventStore, observe?: { log: Logger; metrics?: Metrics }): Promise<void> {
  const handlers = {
    [JOBS.grantBadge]: async (data, job) => {
      const { paymentId, userId, badge, trace } = GrantBadgeJob.parse(data);
      await handleCommand(store, userStream(userId), userDecider, { type: 'GrantBadge', userId, badge, paymentId }, systemContext(job, trace));
    },
    [JOBS.publishUpcoming]: async (data, job) => {
      const { upcomingId, trace } = UpcomingJob.parse(data);
      await publishUpcomingMeal(store, upcomingId, 'system', systemContext(job, trace));
    },
    [JOBS.listPublishedMeal]: async (data, job) => {
      const { upcomingId, trace } = UpcomingJob.parse(data);
      await listPublishedMeal(store, upcomingId, systemContext(job, trace));
    },
  } satisfies Record<JobName, JobHandler>;
  if (!observe) return queue.work(handlers);
  return queue.work(Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, observed(name, handler, observe)])));
}

/** A job's run in the log, under the correlation id of the request that led to it, and its failures counted. */
function observed(queue: string, handler: JobHandler, { log, metrics }: { log: Logger; metrics?: Metrics }): JobHandler {
  return async (data, job) => {
    const trace = (data as { trace?: JobTrace } | undefined)?.trace;
    const context = { correlationId: trace?.correlationId ?? job.id, queue, jobId: job.id, attempt: job.attempt };
    const started = performance.now();
    try {
      await handler(data, job);
      log.info({ ...context, ms: Math.round(performance.now() - started) }, 'job done');
    } catch (error) {
      metrics?.jobFailures.inc({ queue });
      log.warn({ ...context, err: error }, 'job attempt failed; it is retried');
      throw error;
    }
  };
}
