import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AuditDigest } from '@hostel/contracts';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '@hostel/read-models';

/**
 * The key digests are signed with: Ed25519, created on first use and kept in the database, so
 * every read-api instance signs with the same one; its public half is published at /api/audit/keys.
 */
export async function loadAuditKey(db: Kysely<ReadModelTables>): Promise<{ kid: string; privateJwk: JsonWebKey }> {
  const existing = await db.selectFrom('audit_signing_keys').select(['kid', 'private_jwk']).orderBy('created_at').limit(1).executeTakeFirst();
  if (existing) return { kid: existing.kid, privateJwk: existing.private_jwk as JsonWebKey };
  const { privateKey } = generateKeyPairSync('ed25519');
  const candidate = { kid: crypto.randomUUID(), privateJwk: privateKey.export({ format: 'jwk' }) };
  // Two instances starting at once: the first key written wins, and both use it.
  await db
    .insertInto('audit_signing_keys')
    .values({ kid: candidate.kid, private_jwk: JSON.stringify(candidate.privateJwk) })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return loadAuditKey(db);
}

/** The public half of the key, as a JWK with its `kid`. */
export function publicAuditJwk(key: { kid: string; privateJwk: JsonWebKey }) {
  const { d: _private, ...publicJwk } = key.privateJwk;
  return { ...publicJwk, kty: publicJwk.kty ?? 'OKP', kid: key.kid, alg: 'EdDSA', use: 'sig' };
}

const signed = (digest: Pick<AuditDigest, 'position' | 'hash' | 'signedAt'>) =>
  Buffer.from(canonicalize({ position: digest.position, hash: digest.hash, signedAt: digest.signedAt }) ?? '');

/** Signs the ledger's head as of now. */
export function signDigest(key: { kid: string; privateJwk: JsonWebKey }, head: { position: string; hash: string }, now = new Date()): AuditDigest {
  const body = { position: head.position, hash: head.hash, signedAt: now.toISOString() };
  const signature = sign(null, signed(body), createPrivateKey({ key: key.privateJwk, format: 'jwk' })).toString('base64url');
  return { ...body, signature, kid: key.kid };
}

/** Whether `digest` was signed by the key whose public JWK is given. */
export function digestSignedBy(digest: AuditDigest, publicJwk: JsonWebKey): boolean {
  return verify(null, signed(digest), createPublicKey({ key: publicJwk, format: 'jwk' }), Buffer.from(digest.signature, 'base64url'));
}
