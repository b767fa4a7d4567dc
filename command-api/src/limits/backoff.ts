import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/**
 * Growing delays after failures: the first `free` failures cost nothing; each one after makes the
 * next attempt wait, `firstDelayMs` and doubling up to `maxDelayMs`. The count is forgotten
 * `forgetAfterMs` after the first failure, or at a success.
 */
export interface Backoff {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** How long the attempt after `failures` failures waits. */
export const delayAfter = (failures: number, policy: Backoff): number =>
  failures <= policy.free ? 0 : Math.min(policy.firstDelayMs * 2 ** (failures - policy.free - 1), policy.maxDelayMs);

/** Failures of one kind, by key (an account at an address, a device). */
export interface BackoffCounter {
  /** How long until the next attempt for `key` may be made (0: now). */
  waitMs(key: string): Promise<number>;
  /** A failure for `key`: counted, and the next attempt held back once past the free ones. */
  failed(key: string): Promise<void>;
  /** A success for `key`: its failures forgotten. */
  forget(key: string): Promise<void>;
}

/**
 * Backoff counters in memory, or in Redis with REDIS_URL (shared by every instance), kept by
 * rate-limiter-flexible: a count of failures, and a hold on the key while its delay runs. Redis away,
 * an attempt goes on unheld rather than failing, as the other limits do.
 */
export function createBackoffs(options: { redis?: Redis; namespace?: string }) {
  const store = (keyPrefix: string, durationSeconds: number) =>
    options.redis
      ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix, points: 1, duration: durationSeconds })
      : new RateLimiterMemory({ keyPrefix, points: 1, duration: durationSeconds });
  const unlessStoreFails = <T>(work: Promise<T>, fallback: T): Promise<T> =>
    work.catch((error: unknown) => (error instanceof Error ? fallback : Promise.reject(error)));

  return function backoff(name: string, policy: Backoff): BackoffCounter {
    const prefix = `${options.namespace ?? 'rate-limit:'}${name}`;
    const failures = store(`${prefix}:failures`, Math.ceil(policy.forgetAfterMs / 1000));
    const holds = store(`${prefix}:held`, 1);
    return {
      async waitMs(key) {
        const hold = await unlessStoreFails(holds.get(key), null);
        // A hold is a blocked key: more points than the store allows, until its delay has run.
        return hold && hold.consumedPoints > 1 ? Math.max(0, hold.msBeforeNext) : 0;
      },
      async failed(key) {
        const counted = await unlessStoreFails(failures.penalty(key), null);
        const delay = counted ? delayAfter(counted.consumedPoints, policy) : 0;
        if (delay > 0) await unlessStoreFails(holds.block(key, Math.ceil(delay / 1000)), null);
      },
      async forget(key) {
        await unlessStoreFails(Promise.all([failures.delete(key), holds.delete(key)]), null);
      },
    };
  };
}
export type Backoffs = ReturnType<typeof createBackoffs>;
