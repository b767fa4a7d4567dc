import { describe, expect, it } from 'vitest';
import { digestSignedBy, newAuditKey, publicAuditJwk, signDigest } from './digest';

describe('a chained checkpoint’s signature', () => {
  const key = newAuditKey();
  const head = { position: '12/7', hash: 'ab'.repeat(32) };
  const checkpoint = signDigest(key, head, new Date('2026-11-27T17:00:00.000Z'), { seq: 3, previous: { position: '12/5', hash: 'cd'.repeat(32) } });

  it('covers its place in the chain: another number or predecessor does not verify', () => {
    const jwk = publicAuditJwk(key);
    expect(digestSignedBy(checkpoint, jwk)).toBe(true);
    expect(digestSignedBy({ ...checkpoint, seq: 4 }, jwk)).toBe(false);
    expect(digestSignedBy({ ...checkpoint, previous: null }, jwk)).toBe(false);
    expect(digestSignedBy({ ...checkpoint, previous: { position: '12/4', hash: 'cd'.repeat(32) } }, jwk)).toBe(false);
  });

  it('is over the bytes the web app checks in the browser: JSON.stringify with the keys in code-unit order (web verify-digest.ts)', async () => {
    const { x, crv, kty } = publicAuditJwk(key);
    const publicKey = await crypto.subtle.importKey('jwk', { kty, crv, x }, { name: 'Ed25519' }, false, ['verify']);
    const bytes = new TextEncoder().encode(
      JSON.stringify({
        hash: checkpoint.hash,
        position: checkpoint.position,
        previous: { hash: checkpoint.previous!.hash, position: checkpoint.previous!.position },
        seq: checkpoint.seq,
        signedAt: checkpoint.signedAt,
      }),
    );
    expect(await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, Buffer.from(checkpoint.signature, 'base64url'), bytes)).toBe(true);
  });
});
