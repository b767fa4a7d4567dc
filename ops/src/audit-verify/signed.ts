import type { AuditDigest } from '@hostel/contracts';
import { comparePositions, parsePosition } from '@hostel/eventstore';

/**
 * A signed statement about the chain: a checkpoint the ledger keeps (read-api signed its head), or a
 * digest an auditor kept (`--digest FILE`), which counts by its hash alone: the auditor's own copy.
 */
export interface Claim {
  digest: AuditDigest;
  kept: boolean;
}

export type SignedCheck =
  | {
      ok: true;
      /** The newest checkpoint whose signature verifies: the log up to there is what the key signed. */
      newestSigned: AuditDigest | undefined;
      /** The kept digest, when one was given and it holds. */
      kept: AuditDigest | undefined;
    }
  | {
      ok: false;
      /** The first statement the recomputed chain no longer matches (the log changed before it). */
      claim: Claim;
      /** The last statement before it that still holds: the change is after it (absent: from the start). */
      after: AuditDigest | undefined;
      /** What is wrong with the statement. */
      problem: 'changed' | 'missing' | 'forged';
    };

/**
 * Holds the recomputed chain to every signed statement, in the ledger's order: the first whose hash
 * the chain no longer gives shows the log changed at or before it, after the last one that still holds
 * (so the ledger, recomputed from the changed log, agreeing with it proves nothing). A checkpoint that
 * differs must carry the key's signature, or it is a row someone wrote (`forged`); one that matches
 * needs none (it vouches for nothing the chain does not), except the newest, whose signature says up
 * to where the key vouches for the log. `hashesAt` holds the chain's hash at every statement's
 * position within the log; `end` is the last position verified.
 */
export function checkSigned(
  claims: readonly Claim[],
  hashesAt: ReadonlyMap<string, string>,
  end: string | undefined,
  signedBy: (digest: AuditDigest) => boolean,
): SignedCheck {
  const endPosition = end ? parsePosition(end) : undefined;
  const ordered = [...claims].sort((left, right) => comparePositions(parsePosition(left.digest.position)!, parsePosition(right.digest.position)!));
  let after: AuditDigest | undefined;
  for (const claim of ordered) {
    const recomputed = hashesAt.get(claim.digest.position);
    if (recomputed === claim.digest.hash) {
      after = claim.digest;
      continue;
    }
    if (!claim.kept && !signedBy(claim.digest)) return { ok: false, claim, after, problem: 'forged' };
    const beyond = !endPosition || comparePositions(parsePosition(claim.digest.position)!, endPosition) > 0;
    return { ok: false, claim, after, problem: recomputed === undefined && beyond ? 'missing' : 'changed' };
  }
  const checkpoints = ordered.filter((claim) => !claim.kept).map((claim) => claim.digest);
  let newestSigned: AuditDigest | undefined;
  for (let index = checkpoints.length - 1; index >= 0 && !newestSigned; index--) if (signedBy(checkpoints[index]!)) newestSigned = checkpoints[index];
  return { ok: true, newestSigned, kept: ordered.find((claim) => claim.kept)?.digest };
}

const named = (digest: AuditDigest) =>
  `${digest.seq === undefined ? 'the checkpoint' : `checkpoint ${digest.seq}`} at ${digest.position} (signed at ${digest.signedAt})`;

/**
 * Holds read-api's checkpoints to their chain: numbered from 1 without a gap, each naming the one before
 * it (its position and hash), each signed by the key; the one before checkpoint 1, if it names one (signed
 * before checkpoints were chained), still there. A checkpoint deleted from the database leaves a gap;
 * deleted from its end, only `head` shows it: the newest checkpoint as read-api also keeps it outside the
 * database (npm start: a file in DATA_DIR), which must be in the chain as it is there. Answers what is
 * missing or inconsistent, one line each; none when the chain holds.
 */
export function checkChain(
  checkpoints: readonly AuditDigest[],
  signedBy: (digest: AuditDigest) => boolean,
  head?: { digest: AuditDigest | undefined; file: string },
): string[] {
  const problems: string[] = [];
  const chain = checkpoints.filter((digest) => digest.seq !== undefined).sort((left, right) => left.seq! - right.seq!);
  const at = new Map(checkpoints.map((digest) => [digest.position, digest]));
  const links = (digest: AuditDigest, previous: { position: string; hash: string }) =>
    digest.previous?.position === previous.position && digest.previous.hash === previous.hash;
  for (const [index, digest] of chain.entries()) {
    if (!signedBy(digest)) problems.push(`${named(digest)} is not signed by this key: it was written into the database.`);
    const before = chain[index - 1];
    if (!before) {
      if (digest.seq! > 1) problems.push(`Checkpoints 1 to ${digest.seq! - 1}, before ${named(digest)}, are missing: they were deleted from the database.`);
      else if (digest.previous && at.get(digest.previous.position)?.hash !== digest.previous.hash)
        problems.push(`The checkpoint at ${digest.previous.position} that ${named(digest)} follows is missing: it was deleted from the database.`);
      continue;
    }
    if (digest.seq! > before.seq! + 1)
      problems.push(
        `${digest.seq! - before.seq! - 1 === 1 ? `Checkpoint ${before.seq! + 1} is` : `Checkpoints ${before.seq! + 1} to ${digest.seq! - 1} are`} missing, between ${named(before)} and ${named(digest)}: deleted from the database.`,
      );
    else if (!links(digest, before))
      problems.push(`${named(digest)} does not follow ${named(before)}, the checkpoint before it: the checkpoints were replaced.`);
  }
  if (head) {
    const { digest, file } = head;
    const newest = chain.at(-1);
    if (!digest || digest.seq === undefined || !signedBy(digest)) problems.push(`${file} does not hold a checkpoint this key signed: it was changed.`);
    else if (!newest || newest.seq! < digest.seq)
      problems.push(
        `${named(digest)}, the newest read-api signed (kept in ${file}), is not in the database, whose newest is ${newest ? named(newest) : 'none'}: checkpoints were deleted.`,
      );
    else {
      const there = chain.find((checkpoint) => checkpoint.seq === digest.seq);
      if (!there || there.position !== digest.position || there.hash !== digest.hash)
        problems.push(`${named(digest)}, the newest read-api signed (kept in ${file}), is not in the database as signed: the checkpoints were replaced.`);
    }
  }
  return problems.map((problem) => `${problem[0]!.toUpperCase()}${problem.slice(1)}`);
}
