import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AuditDigest } from '@hostel/contracts';
import { z } from 'zod';

/** The Ed25519 key digests, ledger checkpoints and export links are signed with: its id and its private JWK. */
export interface AuditKey {
  kid: string;
  privateJwk: JsonWebKey;
}

/** Where the embedded product keeps its key: beside its data, never in the database the key protects. */
export const AUDIT_KEY_FILE = 'audit-signing-key.jwk';

/** Where `npm start` keeps the newest signed checkpoint, beside the key: out of the database's reach, and read by audit:verify. */
export const AUDIT_CHECKPOINT_HEAD_FILE = 'audit-checkpoint-head.json';

/**
 * The digests' key, kept outside the database it vouches for (someone who can rewrite the log and the
 * ledger with SQL must not be able to sign for them): `AUDIT_SIGNING_KEY` (a private Ed25519 JWK with
 * its `kid`; the distributed deployment, every read-api the same) when given, else the file `file`
 * beside the embedded data, created at first use (`create`) readable by its owner only, and made so if
 * it was not.
 */
export function loadAuditKey(source: { jwk?: string | undefined; file: string; create: boolean }): AuditKey {
  if (source.jwk) return keyOf(source.jwk, 'AUDIT_SIGNING_KEY');
  if (existsSync(source.file)) {
    // Owner-only: the key is what makes a digest worth keeping.
    if ((statSync(source.file).mode & 0o077) !== 0) chmodSync(source.file, 0o600);
    return keyOf(readFileSync(source.file, 'utf8'), source.file);
  }
  if (!source.create) throw new Error(`No audit signing key: set AUDIT_SIGNING_KEY, or run where ${source.file} is (the data directory of npm start)`);
  const key = newAuditKey();
  mkdirSync(dirname(source.file), { recursive: true });
  // 'wx': never over a key another process has just written.
  writeFileSync(source.file, JSON.stringify({ ...key.privateJwk, kid: key.kid }), { mode: 0o600, flag: 'wx' });
  return key;
}

/** A fresh key (deploy/env.example says how to make AUDIT_SIGNING_KEY from one). */
export function newAuditKey(): AuditKey {
  const privateJwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return { kid: crypto.randomUUID(), privateJwk };
}

function keyOf(text: string, from: string): AuditKey {
  try {
    const { kid, ...privateJwk } = JSON.parse(text) as JsonWebKey & { kid?: unknown };
    if (typeof kid !== 'string' || privateJwk.kty !== 'OKP' || privateJwk.crv !== 'Ed25519' || typeof privateJwk.d !== 'string')
      throw new Error('not an Ed25519 private JWK with a kid');
    createPrivateKey({ key: privateJwk, format: 'jwk' });
    return { kid, privateJwk };
  } catch (error) {
    throw new Error(`${from} does not hold an audit signing key: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** The public half of the key, as a JWK with its `kid`. */
export function publicAuditJwk(key: AuditKey) {
  const { d: _private, ...publicJwk } = key.privateJwk;
  return { ...publicJwk, kty: publicJwk.kty ?? 'OKP', kid: key.kid, alg: 'EdDSA', use: 'sig' };
}

/** A checkpoint's place in read-api's chain: its number and the checkpoint before it (null for the first). */
export interface ChainLink {
  seq: number;
  previous: { position: string; hash: string } | null;
}

type Signed = Pick<AuditDigest, 'position' | 'hash' | 'signedAt' | 'seq' | 'previous'>;

/** The signed bytes: {position, hash, signedAt}, with `seq` and `previous` for a chained checkpoint. */
const signed = (digest: Signed) =>
  Buffer.from(
    canonicalize(
      digest.seq === undefined
        ? { position: digest.position, hash: digest.hash, signedAt: digest.signedAt }
        : {
            position: digest.position,
            hash: digest.hash,
            signedAt: digest.signedAt,
            seq: digest.seq,
            previous: digest.previous ? { position: digest.previous.position, hash: digest.previous.hash } : null,
          },
    ) ?? '',
  );

/** Signs the ledger's head as of now; with `link`, as the next checkpoint of read-api's chain. */
export function signDigest(key: AuditKey, head: { position: string; hash: string }, now = new Date(), link?: ChainLink): AuditDigest {
  const body: Signed = { position: head.position, hash: head.hash, signedAt: now.toISOString(), ...(link ? { seq: link.seq, previous: link.previous } : {}) };
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
