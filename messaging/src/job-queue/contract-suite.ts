import { afterEach, describe, expect, it } from 'vitest';
import type { JobInfo, JobQueue, JobQueueOptions } from './port';

/** A promise resolved from outside: the tests wait on these, never on the clock. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let names = 0;
/** A fresh queue name per use, so tests sharing one Redis prefix never see each other's jobs. */
const queueName = (label: string) => `${label}-${++names}`;

/**
 * The behaviour every `JobQueue` adapter must show. `open` builds a queue with the given options;
 * the suite closes every queue it opened.
 */
export function jobQueueContract(open: (options: JobQueueOptions) => JobQueue | Promise<JobQueue>): void {
  const opened: JobQueue[] = [];
  const failures: { error: unknown; queue: string; jobId?: string }[] = [];
  let failed = deferred();

  async function queueWith(options: JobQueueOptions = {}): Promise<JobQueue> {
    const queue = await open({
      backoffMs: 5,
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
    const ran = (id: string) => {
      if (!waiters.has(id)) waiters.set(id, deferred());
      return waiters.get(id)!.promise;
    };
    const handler = async (data: unknown, job: JobInfo) => {
      runs.push({ data, job });
      if (!waiters.has(job.id)) waiters.set(job.id, deferred());
      waiters.get(job.id)!.resolve();
    };
    return { runs, ran, handler };
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()));
    failures.length = 0;
    failed = deferred();
  });

  describe('job queue contract', () => {
    it('runs an enqueued job with its data, its id and attempt 1', async () => {
      // given a queue with a handler
      const queue = await queueWith();
      const name = queueName('deliver');
      const { runs, ran, handler } = recorder();
      queue.process(name, handler);

      // when a job is enqueued
      const answer = await queue.enqueue(name, { mealId: 'm-1', tags: ['a', 'b'], at: null }, { jobId: 'publish:m-1' });
      await ran('publish:m-1');

      // then it ran once with a copy of its data
      expect(answer).toEqual({ enqueued: true });
      expect(runs).toEqual([
        { data: { mealId: 'm-1', tags: ['a', 'b'], at: null }, job: { id: 'publish:m-1', attempt: 1 } },
      ]);
    });

    it('ignores a repeated enqueue while the first job waits', async () => {
      // given a job waiting in a queue nobody processes yet
      const queue = await queueWith();
      const name = queueName('dedupe-waiting');
      const first = await queue.enqueue(name, { n: 1 }, { jobId: 'same' });

      // when the same id is enqueued again, then a sentinel behind it
      const second = await queue.enqueue(name, { n: 2 }, { jobId: 'same' });
      await queue.enqueue(name, {}, { jobId: 'sentinel' });
      const { runs, ran, handler } = recorder();
      queue.process(name, handler);
      await ran('sentinel');

      // then the id ran once, with the first data (jobs run in order, so the sentinel ran last)
      expect([first, second]).toEqual([{ enqueued: true }, { enqueued: false }]);
      expect(runs.map((run) => [run.job.id, run.data])).toEqual([
        ['same', { n: 1 }],
        ['sentinel', {}],
      ]);
    });

    it('ignores a repeated enqueue after the first job completed', async () => {
      // given a job that has completed (the job behind it started, so it is finished and stored)
      const queue = await queueWith();
      const name = queueName('dedupe-done');
      const { runs, ran, handler } = recorder();
      queue.process(name, handler);
      await queue.enqueue(name, { n: 1 }, { jobId: '42' });
      await queue.enqueue(name, {}, { jobId: 'sentinel-1' });
      await ran('sentinel-1');

      // when the same id is enqueued again (a replayed trigger), then another sentinel
      const again = await queue.enqueue(name, { n: 1 }, { jobId: '42' });
      await queue.enqueue(name, {}, { jobId: 'sentinel-2' });
      await ran('sentinel-2');

      // then nothing new ran
      expect(again).toEqual({ enqueued: false });
      expect(runs.map((run) => run.job.id)).toEqual(['42', 'sentinel-1', 'sentinel-2']);
    });

    it('keeps ids of different queues apart', async () => {
      // given two queues
      const queue = await queueWith();
      const [a, b] = [queueName('apart-a'), queueName('apart-b')];
      const inA = recorder();
      const inB = recorder();
      queue.process(a, inA.handler);
      queue.process(b, inB.handler);

      // when both get a job with the same id
      const answers = [await queue.enqueue(a, 'for a', { jobId: 'x' }), await queue.enqueue(b, 'for b', { jobId: 'x' })];
      await Promise.all([inA.ran('x'), inB.ran('x')]);

      // then both ran
      expect(answers).toEqual([{ enqueued: true }, { enqueued: true }]);
      expect([inA.runs[0]?.data, inB.runs[0]?.data]).toEqual(['for a', 'for b']);
    });

    it('retries a failing handler with the next attempt number until it succeeds', async () => {
      // given a handler that fails its first two runs
      const queue = await queueWith({ attempts: 3 });
      const name = queueName('retry');
      const attempts: number[] = [];
      const succeeded = deferred();
      queue.process(name, async (_data, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`flaky ${job.attempt}`);
        succeeded.resolve();
      });

      // when a job is enqueued
      await queue.enqueue(name, {}, { jobId: 'flaky' });
      await succeeded.promise;

      // then it ran three times and no failure was reported
      expect(attempts).toEqual([1, 2, 3]);
      expect(failures).toEqual([]);
    });

    it('reports a job whose last attempt failed, and its id still deduplicates', async () => {
      // given a handler that always fails
      const queue = await queueWith({ attempts: 2 });
      const name = queueName('give-up');
      const attempts: number[] = [];
      queue.process(name, async (_data, job) => {
        attempts.push(job.attempt);
        throw new Error('always');
      });

      // when a job is enqueued and its attempts are spent
      await queue.enqueue(name, {}, { jobId: 'doomed' });
      await failed.promise;

      // then the failure is reported once, with the job id, after two runs
      expect(attempts).toEqual([1, 2]);
      expect(failures).toMatchObject([{ queue: name, jobId: 'doomed', error: { message: 'always' } }]);
      expect(await queue.enqueue(name, {}, { jobId: 'doomed' })).toEqual({ enqueued: false });
    });

    it('runs the jobs of one queue one at a time, in enqueue order', async () => {
      // given a handler that holds the first job until released
      const queue = await queueWith();
      const name = queueName('sequential');
      const log: string[] = [];
      const firstStarted = deferred();
      const releaseFirst = deferred();
      const secondDone = deferred();
      queue.process(name, async (_data, job) => {
        log.push(`start ${job.id}`);
        if (job.id === 'first') {
          firstStarted.resolve();
          await releaseFirst.promise;
        }
        log.push(`end ${job.id}`);
        if (job.id === 'second') secondDone.resolve();
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
      queue.process(name, async () => {
        started.resolve();
        await release.promise;
        log.push('job finished');
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
  });
}
