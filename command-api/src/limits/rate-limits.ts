import rateLimit from '@fastify/rate-limit';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { DomainError } from '@hostel/domain';
import type { Backoff } from './backoff';

/** At most `max` requests of a kind per key within `windowMs` (a fixed window, counted by @fastify/rate-limit). */
export interface Limit {
  max: number;
  windowMs: number;
}

/** Every rate limit of the command side, by what it protects (docs/operations.md: "Rate limits"). */
export interface RateLimits {
  /**
   * Every sign-in attempt from one address, counted before the password is hashed: bounds the argon2
   * work one address causes. A browser the account signed in on before is not counted.
   */
  signInAttemptsPerAddress: Limit;
  /**
   * Failed sign-ins from one address, whatever the accounts: password spraying. Sized for a hostel's
   * students behind one address; a browser the account signed in on before is not held by it.
   */
  signInFailuresPerAddress: Limit;
  /** Failed sign-ins for one account from one address, or from one browser it signed in on before: growing delays. */
  signInFailures: Backoff;
  /** Failed sign-ins for one account from browsers it never signed in on, whatever the addresses (guessing from many): growing delays. */
  signInFailuresPerAccount: Backoff;
  /** Public requests that create or recover an account (registration, password reset, verification) from one address. */
  accountRequestsPerAddress: Limit;
  /** Image uploads by one user. */
  uploadsPerUser: Limit;
  /** Bytes of images one user may store within the window: a quota, counted in the media table (media/store-image.ts). */
  uploadBytesPerUser: Limit;
  /** Bytes of images stored from one address within the window, whatever the accounts (admins' not counted): a quota too. */
  uploadBytesPerAddress: Limit;
  /** Every other command (POST, PUT, PATCH, DELETE) by one signed-in user. */
  writesPerUser: Limit;
}

const MINUTE = 60_000;

/**
 * Sized for people, not scripts: a hostel's students may share one public address, so the per-address
 * limits leave room for a crowd, while a flood (60 registrations in 3 s, a sweep of passwords across
 * accounts) stops within the first window.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInAttemptsPerAddress: { max: 60, windowMs: MINUTE },
  signInFailuresPerAddress: { max: 100, windowMs: 15 * MINUTE },
  signInFailures: { free: 5, firstDelayMs: 10_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  signInFailuresPerAccount: { free: 20, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * 60 * MINUTE },
  accountRequestsPerAddress: { max: 40, windowMs: 10 * MINUTE },
  uploadsPerUser: { max: 30, windowMs: 60 * MINUTE },
  uploadBytesPerUser: { max: 25 * 1024 * 1024, windowMs: 24 * 60 * MINUTE },
  uploadBytesPerAddress: { max: 100 * 1024 * 1024, windowMs: 24 * 60 * MINUTE },
  writesPerUser: { max: 120, windowMs: MINUTE },
};

/** Every limit raised beyond reach: load tests and benchmarks only (`RATE_LIMITS=off`). */
export const NO_RATE_LIMITS: RateLimits = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, limit]) => [
    name,
    'free' in limit ? { ...limit, free: Number.MAX_SAFE_INTEGER } : { max: Number.MAX_SAFE_INTEGER, windowMs: MINUTE },
  ]),
) as unknown as RateLimits;

/** The limits counted in fixed windows (the others are backoffs). */
type LimitName = { [Name in keyof RateLimits]: RateLimits[Name] extends Limit ? Name : never }[keyof RateLimits];

/** Counts a request against one limit: `increment: false` only looks. */
export type Limiter = (request: FastifyRequest, options?: { increment?: boolean }) => Promise<{ exceeded: boolean; full: boolean; retryAfterMs: number }>;

export interface RateLimitOptions {
  limits: RateLimits;
  /** Shared counters across instances; in memory without it (the embedded default). */
  redis?: Redis;
  /** Prefix of the Redis keys (tests give each product its own). */
  namespace?: string;
}

/** The client's address as rate limits see it: IPv6 by /64 (one subscriber), IPv4-mapped as IPv4. */
export const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);

/** A 429 with `Retry-After`, in the words the user reads. */
export function tooMany(reply: FastifyReply, retryAfterMs: number, message: string): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new DomainError('rate_limited', `${message} Please try again in ${wait}.`);
}

/**
 * Registers @fastify/rate-limit (Redis store when given) without limiting any route by itself, and
 * answers a factory of named limiters. Each limiter keys its counters by its name, so limiters never
 * share a count.
 */
export async function registerRateLimiting(app: FastifyInstance, options: RateLimitOptions) {
  await app.register(rateLimit, {
    global: false,
    // Redis away: the request goes on uncounted rather than failing (the counters come back with Redis).
    skipOnError: true,
    ...(options.redis ? { redis: options.redis, nameSpace: options.namespace ?? 'rate-limit:' } : {}),
  });
  return function limiter(name: LimitName, keyOf: (request: FastifyRequest) => string): Limiter {
    const { max, windowMs } = options.limits[name];
    // `cache`: the in-memory store forgets the least recent keys past this many; the default (5000)
    // would let a sweep over 5000 accounts push a victim's failure count out.
    const settings = { max, timeWindow: windowMs, keyGenerator: (request: FastifyRequest) => `${name}:${keyOf(request)}`, cache: 100_000 };
    const check = app.createRateLimit(settings);
    return async (request, callOptions) => {
      const status = await check(request, callOptions);
      if (status.isAllowed) return { exceeded: false, full: false, retryAfterMs: 0 };
      return { exceeded: status.isExceeded, full: status.remaining === 0 && status.ttl > 0, retryAfterMs: status.ttl };
    };
  };
}

export type LimiterFactory = Awaited<ReturnType<typeof registerRateLimiting>>;

/** Which limit a command route counts against, if any. Sign-in counts in its route (it needs the outcome). */
function limitOfRoute(method: string, url: string, access: string | undefined): { name: LimitName; by: 'address' | 'user'; message: string } | undefined {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
  if (url === '/api/uploads') return { name: 'uploadsPerUser', by: 'user', message: 'You have uploaded many images in a short time.' };
  if (access === 'user' || access === 'admin') return { name: 'writesPerUser', by: 'user', message: 'You are making changes faster than we can take them.' };
  // Sign-in has limits of its own; refresh and logout only rotate a cookie; Stripe's webhook is Stripe.
  if (['/api/auth/login', '/api/auth/refresh', '/api/auth/logout', '/api/webhooks/stripe'].includes(url)) return undefined;
  return { name: 'accountRequestsPerAddress', by: 'address', message: 'Too many account requests from your network.' };
}

/**
 * Limits every command route of this scope (routes registered after this call): per user for signed-in
 * commands and uploads, per address for the public ones that create or recover accounts. Counted once
 * the request is valid (preHandler), so a refused body costs the user nothing.
 */
export function limitCommandRoutes(app: FastifyInstance, limiter: LimiterFactory): void {
  const limiters = new Map<LimitName, Limiter>();
  const forLimit = (name: LimitName, by: 'address' | 'user') => {
    let found = limiters.get(name);
    if (!found) {
      found = limiter(name, by === 'user' ? (request) => request.actor?.sub ?? addressOf(request) : addressOf);
      limiters.set(name, found);
    }
    return found;
  };
  app.addHook('onRoute', (route) => {
    const limit = limitOfRoute(String([route.method].flat()[0]), route.url, route.config?.access);
    if (!limit) return;
    const check = forLimit(limit.name, limit.by);
    const hook = async (request: FastifyRequest, reply: FastifyReply) => {
      const status = await check(request);
      if (status.exceeded) throw tooMany(reply, status.retryAfterMs, limit.message);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), hook];
  });
}
