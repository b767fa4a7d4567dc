import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { AuditDigest } from '@hostel/contracts';
import { comparePositions, parsePosition } from '@hostel/eventstore';
import type { Metrics } from '@hostel/platform/metrics';
import type { ReadModelTables } from '@hostel/read-models';
import { checkpointNumbered, lastCheckpoint, ledgerHashAt, ledgerHead, recordCheckpoint, withCheckpointLock } from '@hostel/read-models/audit-log';
import type { Kysely } from 'kysely';
import { digestSignedBy, publicAuditJwk, signDigest } from './digest';
import type { AuditKey } from './digest';

/** What one attempt to sign the ledger's head came to. */
export type Signing =
  /** A new checkpoint, extending the last one; or the last one itself, when the ledger has not grown since. */
  | { outcome: 'signed' | 'current'; checkpoint: AuditDigest }
  | { outcome: 'empty' }
  /** The ledger has not reached the last checkpoint yet (a rebuild just swapped in, the projector catching up). */
  | { outcome: 'behind'; last: AuditDigest }
  /** The ledger does not extend what was signed, or the checkpoints are not what this instance signed: nothing is signed. */
  | { outcome: 'refused'; reason: string };

/** A ledger still behind the last checkpoint after this long is no longer catching up: events were deleted from the log's end. */
export const BEHIND_ALARM_MS = 5 * 60_000;

interface Log {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const describe = (checkpoint: AuditDigest) =>
  `${checkpoint.seq === undefined ? 'the checkpoint' : `checkpoint ${checkpoint.seq}`} at ${checkpoint.position} (signed at ${checkpoint.signedAt})`;

/**
 * Signs the ledger's head as the next checkpoint of a chain, and only when the ledger extends the last
 * checkpoint signed: its hash at that checkpoint's position is still the one signed there. Each
 * checkpoint names the one before it (`seq`, `previous`), so a checkpoint deleted from the database
 * leaves a gap `audit:verify` finds. A ledger rebuilt from an edited log does not extend the chain: it
 * is refused, never signed, and said loudly (an error in the log, `hostel_audit_checkpoints_refused` 1,
 * the digest route answers 409) until the log is what was signed again.
 *
 * The newest checkpoint this instance signed or saw is kept in memory and, with `headFile` (under
 * `npm start`, in DATA_DIR), in a file the database cannot reach: checkpoints deleted from the
 * database's end are refused too, and `audit:verify` reads the file. Across instances one signer at a
 * time (an advisory lock), so the chain never forks.
 */
export function createCheckpointSigner(options: {
  db: Kysely<ReadModelTables>;
  key: AuditKey;
  log: Log;
  headFile?: string | undefined;
  metrics?: Metrics | undefined;
  now?: () => number;
}) {
  const { db, key, log, headFile } = options;
  const now = options.now ?? Date.now;
  const publicJwk = publicAuditJwk(key);
  const signedByKey = (digest: AuditDigest) => digest.kid === key.kid && digestSignedBy(digest, publicJwk);
  let refusal: string | undefined;
  let behindSince: number | undefined;
  /** The newest chained checkpoint known: signed here, seen in the database, or kept in the head file. */
  let known: AuditDigest | undefined;
  let written = 0;
  /** A head file this key did not sign: signing stays refused until someone looks. */
  let badHeadFile: string | undefined;
  if (headFile && existsSync(headFile)) {
    const kept = AuditDigest.safeParse(parseJson(readFileSync(headFile, 'utf8')));
    if (kept.success && kept.data.seq !== undefined && signedByKey(kept.data)) {
      known = kept.data;
      written = kept.data.seq;
    } else badHeadFile = `${headFile} does not hold a checkpoint this key (${key.kid}) signed: it was changed`;
  }
  options.metrics?.gauge(
    'hostel_audit_checkpoints_refused',
    "1 while read-api refuses to sign the ledger's head (it does not extend the signed checkpoints)",
    [],
    (gauge) => gauge.set(refusal ? 1 : 0),
  );

  function refuse(reason: string): Signing {
    if (reason !== refusal) log.error({ reason }, `audit checkpoints: refusing to sign the ledger's head: ${reason}. Run npm run audit:verify`);
    refusal = reason;
    return { outcome: 'refused', reason };
  }

  /** Under the lock: what the database and the ledger say, and the new checkpoint if they allow one. */
  const attempt = () =>
    withCheckpointLock(db, async (trx): Promise<Signing> => {
      const last = await lastCheckpoint(trx);
      if (last && !signedByKey(last))
        return { outcome: 'refused', reason: `${describe(last)} is not signed by this key (${key.kid}): it was written into the database` };
      if (known) {
        const kept = last?.seq === undefined || last.seq < known.seq! ? undefined : last.seq === known.seq ? last : await checkpointNumbered(trx, known.seq!);
        if (!kept || kept.position !== known.position || kept.hash !== known.hash)
          return {
            outcome: 'refused',
            reason: `${describe(known)}, signed here, is not in the database any more (${last ? `its newest is ${describe(last)}` : 'it has none'}): checkpoints were deleted`,
          };
      }
      const head = await ledgerHead(trx);
      if (!head) return last ? { outcome: 'behind', last } : { outcome: 'empty' };
      if (last) {
        const order = comparePositions(parsePosition(head.position)!, parsePosition(last.position)!);
        if (order < 0) return { outcome: 'behind', last };
        const hash = order === 0 ? head.hash : await ledgerHashAt(trx, last.position);
        if (hash !== last.hash)
          return {
            outcome: 'refused',
            reason: `the ledger does not extend ${describe(last)}: ${hash === undefined ? 'it has no event there any more' : 'its hash there differs'}, so an event was changed or deleted since and the ledger recomputed`,
          };
        if (order === 0) return { outcome: 'current', checkpoint: last };
      }
      const checkpoint = signDigest(key, head, new Date(now()), {
        seq: (last?.seq ?? 0) + 1,
        previous: last ? { position: last.position, hash: last.hash } : null,
      });
      await recordCheckpoint(trx, checkpoint);
      return { outcome: 'signed', checkpoint };
    });

  /** Writes the newest checkpoint beside the data (whole or not at all: a new file renamed over the old). */
  const keep = (checkpoint: AuditDigest) => {
    if (!headFile || checkpoint.seq === undefined || checkpoint.seq <= written) return;
    try {
      writeFileSync(`${headFile}.new`, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
      renameSync(`${headFile}.new`, headFile);
      written = checkpoint.seq;
    } catch (error) {
      log.error({ err: error, file: headFile }, 'audit checkpoints: writing the newest checkpoint beside the data failed');
    }
  };

  return {
    /** Signs the ledger's head if it extends the last checkpoint (see above); reports a refusal loudly. */
    async sign(): Promise<Signing> {
      if (badHeadFile) return refuse(badHeadFile);
      const signing = await attempt();
      if (signing.outcome === 'refused') return refuse(signing.reason);
      if (signing.outcome === 'behind') {
        behindSince ??= now();
        if (now() - behindSince >= BEHIND_ALARM_MS)
          return refuse(
            `the ledger has ended before ${describe(signing.last)} for ${Math.round((now() - behindSince) / 60_000)} minutes: events were deleted from the log's end?`,
          );
        return signing;
      }
      behindSince = undefined;
      if (signing.outcome !== 'empty') {
        const { checkpoint } = signing;
        if (checkpoint.seq !== undefined && (!known || checkpoint.seq >= known.seq!)) known = checkpoint;
        keep(checkpoint);
      }
      if (refusal) log.info({ was: refusal }, 'audit checkpoints: the ledger extends the signed checkpoints again; signing resumed');
      refusal = undefined;
      return signing;
    },
    /** Why signing is refused now, if it is. */
    refusal: () => refusal,
  };
}
