import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SigningJwk } from '@hostel/platform/tokens';

const DEVICE_COOKIE = 'known_device';
/** A browser stays known this long after its last sign-in. */
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Browsers an account has signed in on (OWASP's device cookies): at every sign-in the browser gets an
 * httpOnly cookie naming the account, signed with a key derived from the token-signing key (so every
 * instance knows it, and nobody can make one), sent back only to the sign-in route. It outlives
 * signing out: the browser stays one the owner used, so failures elsewhere never hold it back.
 */
export function knownDevices(signingKey: SigningJwk) {
  if (!signingKey.d) throw new Error('The signing key has no private part');
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(signingKey.d, 'base64url'), Buffer.alloc(0), 'hostel known device', 32));
  const mac = (userId: string, issuedAt: string) => createHmac('sha256', key).update(`${userId}.${issuedAt}`).digest('base64url');

  return {
    /** Marks this browser as one `userId` signed in on. */
    remember(reply: FastifyReply, userId: string, secure: boolean): void {
      const issuedAt = String(Date.now());
      reply.setCookie(DEVICE_COOKIE, `${userId}.${issuedAt}.${mac(userId, issuedAt)}`, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/api/auth/login',
        maxAge: DEVICE_TTL_MS / 1000,
      });
    },
    /** The device's id (its cookie's signature) when this browser signed in as `userId` before. */
    of(request: FastifyRequest, userId: string): string | undefined {
      const [owner, issuedAt, signature, ...rest] = (request.cookies[DEVICE_COOKIE] ?? '').split('.');
      if (rest.length > 0 || owner !== userId || !issuedAt || !signature || Date.now() - Number(issuedAt) > DEVICE_TTL_MS) return undefined;
      const expected = Buffer.from(mac(owner, issuedAt));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? signature : undefined;
    },
  };
}
export type KnownDevices = ReturnType<typeof knownDevices>;
