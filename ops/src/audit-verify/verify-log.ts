import { existsSync, readFileSync } from 'node:fs';
import { AuditDigest } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '@hostel/read-models';
import { ledgerCheckpoints } from '@hostel/read-models/audit-log';
import type { LedgerVerification } from '@hostel/read-models/audit-log';
import { digestSignedBy, publicAuditJwk } from '@hostel/read-api';
import type { AuditKey } from '@hostel/read-api';
import { verifyInThreads } from './in-threads';
import { checkChain, checkSigned } from './signed';
import type { Claim, SignedCheck } from './signed';

export { verifyInThreads } from './in-threads';

/**
 * What `audit:verify` checks: the log recomputed against the ledger (verifyInThreads), then against
 * every checkpoint the ledger keeps and the digest the auditor `kept`, if any (checkSigned), their
 * signatures checked with `key`'s public half. `signed` is absent when the ledger already differs.
 */
export async function verifyLog(options: {
  db: Kysely<ReadModelTables>;
  store: EventStore;
  databaseUrl: string;
  key: AuditKey;
  kept?: AuditDigest | undefined;
  /** Where read-api keeps its newest checkpoint outside the database (npm start: in DATA_DIR), if it does. */
  headFile?: string | undefined;
  /** More positions whose recomputed hash is wanted in `result.hashesAt` (a kept chain's). */
  alsoAt?: readonly string[];
  threads?: number;
}): Promise<{ result: LedgerVerification; signed: SignedCheck | undefined; chain: string[]; checkpoints: number }> {
  const { db, key, kept, headFile } = options;
  const publicJwk = publicAuditJwk(key);
  const signedBy = (digest: AuditDigest) => digest.kid === key.kid && digestSignedBy(digest, publicJwk);
  const checkpoints = await ledgerCheckpoints(db);
  const head = headFile && existsSync(headFile) ? { digest: headIn(headFile), file: headFile } : undefined;
  const chain = checkChain(checkpoints, signedBy, head);
  // The head file's checkpoint is held to the log too: with the rows deleted, it still names what changed.
  const headClaim = head?.digest && signedBy(head.digest) && !checkpoints.some((digest) => digest.position === head.digest!.position) ? [head.digest] : [];
  const claims: Claim[] = [...[...checkpoints, ...headClaim].map((digest) => ({ digest, kept: false })), ...(kept ? [{ digest: kept, kept: true }] : [])];
  const result = await verifyInThreads({ ...options, at: [...claims.map((claim) => claim.digest.position), ...(options.alsoAt ?? [])] });
  if (result.difference) return { result, signed: undefined, chain, checkpoints: checkpoints.length };
  return { result, signed: checkSigned(claims, result.hashesAt, result.position, signedBy), chain, checkpoints: checkpoints.length };
}

function headIn(file: string): AuditDigest | undefined {
  try {
    const parsed = AuditDigest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
