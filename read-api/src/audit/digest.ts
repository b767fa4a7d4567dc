import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AuditDigest } from '@hostel/contracts';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '@hostel/read-models';
import { z } from 'zod';

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

/** How long an export's download link works: long enough for a browser to follow it at once, too short to pass around. */
export const EXPORT_LINK_TTL_MS = 60_000;

/**
 * What a download link grants: one reader's export of one query (format and filter, as asked), once
 * (`id` becomes the export's id, and an export's stream is written once), until `exp` (ms).
 */
const ExportLinkClaims = z.object({ id: z.string().uuid(), sub: z.string().min(1), query: z.record(z.string(), z.string()), exp: z.number() });
export type ExportLinkClaims = z.infer<typeof ExportLinkClaims>;

/** Link signatures are over this prefix and the claims, so no digest signature can pass for a link's. */
const linkBody = (body: string) => Buffer.from(`audit-export-link.${body}`);

/**
 * A download link's token, `<claims>.<signature>` (base64url), signed with the digests' key: every
 * read-api instance can check it, and it is good for one download of one query by one reader
 * within a minute. A browser follows it as a plain link, so the export streams to the downloads
 * folder, never into the page.
 */
export function signExportLink(key: { privateJwk: JsonWebKey }, claims: ExportLinkClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(null, linkBody(body), createPrivateKey({ key: key.privateJwk, format: 'jwk' })).toString('base64url')}`;
}

/** The claims of a link this service signed and that has not expired; otherwise undefined. */
export function verifyExportLink(key: { privateJwk: JsonWebKey }, link: string, now = Date.now()): ExportLinkClaims | undefined {
  const [body, signature, ...rest] = link.split('.');
  if (!body || !signature || rest.length > 0) return undefined;
  const publicKey = createPublicKey(createPrivateKey({ key: key.privateJwk, format: 'jwk' }));
  if (!verify(null, linkBody(body), publicKey, Buffer.from(signature, 'base64url'))) return undefined;
  const claims = ExportLinkClaims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  return claims.success && claims.data.exp > now ? claims.data : undefined;
}
