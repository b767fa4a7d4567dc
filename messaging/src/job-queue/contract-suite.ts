import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobHandler, JobInfo, JobQueue, JobQueueOptions } from './port';

/** A promise resolved from outside: the tests wait on these, never on the clock. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let names = 0;
/** A fresh queue name per use, so tests sharing one database or Redis prefix never see each other's jobs. */
const queueName = (label: string) => `${label}-${process.pid}-${++names}`;

/** What an adapter's suite provides besides opening queues. */
export interface JobQueueContractOptions {
  /** Opens a queue with the given options on the adapter's shared store (a new instance each call). */
  open: (options: JobQueueOptions) => JobQueue | Promise<JobQueue>;
  /**
   * Runs `work` inside a database transaction that commits when it resolves and rolls back when it
   * rejects, handing it the `within` to enqueue with (the PostgreSQL adapter's case). Absent for an
   * adapter that cannot join a transaction (BullMQ): the suite then checks that a job is stored
   * before `enqueue` answers.
   */
  transaction?: (work: (within: NonNullable<Parameters<JobQueue['enqueue']>[2]['within']>) => Promise<void>) => Promise<void>;
}

/**
 * The behaviour every `JobQueue` adapter must show. The suite closes every queue it opened.
 * Retry timing is the adapter's (graphile-worker waits e^attempt seconds), so retry tests are slow
 * by design, not by sleeping.
 */
export function jobQueueContract({ open, transaction }: JobQueueContractOptions): void {
  const opened: JobQueue[] = [];
  const failures: { error: unknown; queue: string; jobId?: string }[] = [];
  let failed = deferred();

  async function queueWith(options: JobQueueOptions = {}): Promise<JobQueue> {
    const queue = await open({
      onError: (error, context) => {
        failures.push({ error, ...context });
        failed.resolve();
      },
      ...options,
    });
    opened.push(queue);
    return queue;
  }

  /** Records every run and lets a test wait for the run of a given job id. */
  function recorder() {
    const runs: { data: unknown; job: JobInfo }[] = [];
    const waiters = new Map<string, ReturnType<typeof deferred>>();
    const waiter = (id: string) => {
      if (!waiters.has(id)) waiters.set(id, deferred());
      return waiters.get(id)!;
    };
    const handler: JobHandler = async (data, job) => {
      runs.push({ data, job });
      waiter(job.id).resolve();
    };
    return { runs, ran: (id: string) => waiter(id).promise, handler };
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()));
    failures.length = 0;
    failed = deferred();
  });

  describe('job queue contract', () => {
    it('runs an enqueued job with its data, its id and attempt 1', async () => {
      // given a queue working one queue name
      const queue = await queueWith();
      const name = queueName('deliver');
      const { runs, ran, handler } = recorder();
      await queue.work({ [name]: handler });

      // when a job is enqueued
      await queue.enqueue(name, { mealId: 'm-1', tags: ['a', 'b'], at: null }, { jobId: 'publish:m-1' });
      await ran('publish:m-1');

      // then it ran once with a copy of its data
      expect(runs).toEqual([{ data: { mealId: 'm-1', tags: ['a', 'b'], at: null }, job: { id: 'publish:m-1', attempt: 1 } }]);
    });

    it('runs a job once when its id is enqueued again while it waits', async () => {
      // given a job waiting in a queue nobody works yet (one job at a time, so they run in order)
      const queue = await queueWith({ concurrency: 1 });
      const name = queueName('dedupe-waiting');
      await queue.enqueue(name, { n: 1 }, { jobId: 'same' });

      // when the same trigger enqueues it again, then a sentinel behind it
      await queue.enqueue(name, { n: 1 }, { jobId: 'same' });
      await queue.enqueue(name, {}, { jobId: 'sentinel' });
      const { runs, ran, handler } = recorder();
      await queue.work({ [name]: handler });
      await ran('sentinel');

      // then the id ran once (jobs run in order, so the sentinel ran last)
      expect(runs.map((run) => run.job.id)).toEqual(['same', 'sentinel']);
    });

    it('keeps a job stored when the queue that added it is closed, for the next instance to run', async () => {
      // given a job enqueued by an instance that closes before anyone works it (a restart)
      const name = queueName('restart');
      const first = await queueWith();
      await first.enqueue(name, { paid: true }, { jobId: 'grant:p-1' });
      await first.close();

      // when a new instance works the queue
      const second = await queueWith();
      const { runs, ran, handler } = recorder();
      await second.work({ [name]: handler });
      await ran('grant:p-1');

      // then the job ran there
      expect(runs).toEqual([{ data: { paid: true }, job: { id: 'grant:p-1', attempt: 1 } }]);
    });

    it('counts the jobs waiting in each queue, and none once they ran', async () => {
      // given two jobs waiting in a queue nobody works yet, and an empty queue
      const queue = await queueWith();
      const [name, empty] = [queueName('depth'), queueName('depth-empty')];
      await queue.enqueue(name, {}, { jobId: 'one' });
      await queue.enqueue(name, {}, { jobId: 'two' });
      const waiting = async () => (await queue.counts([name, empty])).filter((count) => count.state === 'waiting').map(({ queue, count }) => [queue, count]);

      // then they are counted as waiting in their queue
      expect(await waiting()).toEqual([
        [name, 2],
        [empty, 0],
      ]);

      // when they run, the queue is empty again
      const { ran, handler } = recorder();
      await queue.work({ [name]: handler });
      await Promise.all([ran('one'), ran('two')]);
      await vi.waitFor(async () =>
        expect(await waiting()).toEqual([
          [name, 0],
          [empty, 0],
        ]),
      );
    });

    it('keeps ids of different queues apart', async () => {
      // given two queues
      const queue = await queueWith();
      const [a, b] = [queueName('apart-a'), queueName('apart-b')];
      const inA = recorder();
      const inB = recorder();
      await queue.work({ [a]: inA.handler, [b]: inB.handler });

      // when both get a job with the same id
      await queue.enqueue(a, 'for a', { jobId: 'x' });
      await queue.enqueue(b, 'for b', { jobId: 'x' });
      await Promise.all([inA.ran('x'), inB.ran('x')]);

      // then both ran
      expect([inA.runs[0]?.data, inB.runs[0]?.data]).toEqual(['for a', 'for b']);
    });

    it('retries a failing handler with the next attempt number until it succeeds', async () => {
      // given a handler that fails its first run
      const queue = await queueWith({ attempts: 3 });
      const name = queueName('retry');
      const attempts: number[] = [];
      const succeeded = deferred();
      await queue.work({
        [name]: async (_data, job) => {
          attempts.push(job.attempt);
          if (job.attempt < 2) throw new Error(`flaky ${job.attempt}`);
          succeeded.resolve();
        },
      });

      // when a job is enqueued
      await queue.enqueue(name, {}, { jobId: 'flaky' });
      await succeeded.promise;

      // then it ran twice and no failure was reported
      expect(attempts).toEqual([1, 2]);
      expect(failures).toEqual([]);
    });

    it('reports a job whose last attempt failed, and gives it new attempts when it is enqueued again', async () => {
      // given a handler that fails until told otherwise
      const queue = await queueWith({ attempts: 1 });
      const name = queueName('give-up');
      let healthy = false;
      const recovered = deferred();
      await queue.work({
        [name]: async () => {
          if (!healthy) throw new Error('always');
          recovered.resolve();
        },
      });

      // when a job's only attempt fails
      await queue.enqueue(name, {}, { jobId: 'doomed' });
      await failed.promise;

      // then the failure is reported once, with the job id
      expect(failures).toMatchObject([{ queue: name, jobId: 'doomed', error: { message: 'always' } }]);

      // and when the same id is enqueued again (a reconciliation), it runs again
      healthy = true;
      await queue.enqueue(name, {}, { jobId: 'doomed' });
      await recovered.promise;
    });

    it('runs several jobs at once: a slow one does not hold back the next', async () => {
      // given a handler that holds one job until another has run
      const queue = await queueWith({ concurrency: 2 });
      const name = queueName('concurrent');
      const fastDone = deferred();
      const slowDone = deferred();
      await queue.work({
        [name]: async (_data, job) => {
          if (job.id === 'slow') {
            await fastDone.promise;
            slowDone.resolve();
          } else fastDone.resolve();
        },
      });

      // when the slow job is enqueued first, then the fast one
      await queue.enqueue(name, {}, { jobId: 'slow' });
      await queue.enqueue(name, {}, { jobId: 'fast' });

      // then both finish: the fast one ran while the slow one waited for it
      await slowDone.promise;
    });

    it('with concurrency 1, runs the jobs of one queue one at a time, in enqueue order', async () => {
      // given a handler that holds the first job until released
      const queue = await queueWith({ concurrency: 1 });
      const name = queueName('sequential');
      const log: string[] = [];
      const firstStarted = deferred();
      const releaseFirst = deferred();
      const secondDone = deferred();
      await queue.work({
        [name]: async (_data, job) => {
          log.push(`start ${job.id}`);
          if (job.id === 'first') {
            firstStarted.resolve();
            await releaseFirst.promise;
          }
          log.push(`end ${job.id}`);
          if (job.id === 'second') secondDone.resolve();
        },
      });

      // when two jobs are enqueued and the first is released only after both are in
      await queue.enqueue(name, {}, { jobId: 'first' });
      await queue.enqueue(name, {}, { jobId: 'second' });
      await firstStarted.promise;
      const logWhileFirstHeld = [...log];
      releaseFirst.resolve();
      await secondDone.promise;

      // then the second started only after the first ended
      expect(logWhileFirstHeld).toEqual(['start first']);
      expect(log).toEqual(['start first', 'end first', 'start second', 'end second']);
    });

    it('waits for the running job when closing', async () => {
      // given a job that is running
      const queue = await queueWith();
      const name = queueName('close');
      const log: string[] = [];
      const started = deferred();
      const release = deferred();
      await queue.work({
        [name]: async () => {
          started.resolve();
          await release.promise;
          log.push('job finished');
        },
      });
      await queue.enqueue(name, {}, { jobId: 'long' });
      await started.promise;

      // when the queue is closed while the job runs, and the job is released afterwards
      const closing = queue.close().then(() => log.push('closed'));
      await new Promise((resolve) => setImmediate(resolve));
      log.push('released');
      release.resolve();
      await closing;

      // then close resolved only after the job finished
      expect(log).toEqual(['released', 'job finished', 'closed']);
      await expect(queue.enqueue(name, {}, { jobId: 'late' })).rejects.toThrow(/closed/);
    });

    if (transaction) {
      it("adds a job inside the caller's transaction: kept when it commits, never run when it rolls back", async () => {
        // given a queue being worked, one job at a time (so in order)
        const queue = await queueWith({ concurrency: 1 });
        const name = queueName('within');
        const { runs, ran, handler } = recorder();
        await queue.work({ [name]: handler });

        // when one transaction enqueues and rolls back, another enqueues and commits, then a sentinel follows
        await expect(
          transaction(async (within) => {
            await queue.enqueue(name, 'rolled back', { jobId: 'lost' });
            await queue.enqueue(name, 'rolled back', { jobId: 'lost-within', within });
            throw new Error('roll back');
          }),
        ).rejects.toThrow('roll back');
        await transaction((within) => queue.enqueue(name, 'committed', { jobId: 'kept', within }));
        await queue.enqueue(name, {}, { jobId: 'sentinel' });
        await ran('sentinel');

        // then the job added within the rolled-back transaction never ran; the others did
        expect(runs.map((run) => run.job.id)).toEqual(['lost', 'kept', 'sentinel']);
      });
    }
  });
}
