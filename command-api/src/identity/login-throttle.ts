import type { Redis } from 'ioredis';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 5;

/**
 * Counts failed sign-ins per client address and email: after a burst of failures that pair
 * answers 429 until the window ends. A success clears the count. Redis-backed when shared by
 * several instances, in memory for the embedded default.
 */
export interface LoginThrottle {
  /** Milliseconds until the pair may try again, or 0 when it may try now. */
  blockedFor(key: string): Promise<number>;
  failed(key: string): Promise<void>;
  succeeded(key: string): Promise<void>;
}

export function createMemoryLoginThrottle(now: () => number = Date.now): LoginThrottle {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = failures.get(key);
    if (entry && entry.resetAt <= now()) failures.delete(key);
    return failures.get(key);
  };
  return {
    async blockedFor(key) {
      const entry = current(key);
      return entry && entry.count >= MAX_FAILURES ? entry.resetAt - now() : 0;
    },
    async failed(key) {
      const entry = current(key) ?? { count: 0, resetAt: now() + WINDOW_MS };
      failures.set(key, { ...entry, count: entry.count + 1 });
    },
    async succeeded(key) {
      failures.delete(key);
    },
  };
}

export function createRedisLoginThrottle(redis: Redis, prefix = 'login-failures:'): LoginThrottle {
  return {
    async blockedFor(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return Number(count ?? 0) >= MAX_FAILURES && ttl > 0 ? ttl : 0;
    },
    async failed(key) {
      const count = await redis.incr(prefix + key);
      if (count === 1) await redis.pexpire(prefix + key, WINDOW_MS);
    },
    async succeeded(key) {
      await redis.del(prefix + key);
    },
  };
}
