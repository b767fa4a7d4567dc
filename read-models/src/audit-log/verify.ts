import type { EventStore, StoredEvent } from '@hostel/eventstore';
import { comparePositions, formatPosition, parsePosition, START } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '../read-models';
import { ledgerHashes } from './audit-log-queries';
import { chainHashOfStored, GENESIS_HASH } from './ledger';

/** Where the log and the ledger first disagree. */
export interface LedgerDifference {
  position: string;
  stream?: string;
  version?: string;
  type?: string;
  /** What differs, in words. */
  reason: string;
}

export interface LedgerVerification {
  /** Events whose recomputed hash matched the ledger. */
  verified: number;
  /** The last of them (absent for an empty log). */
  position?: string;
  /** The chain hash there, recomputed from the store. */
  hash: string;
  /** Every recomputed hash at a position asked for (a saved digest's). */
  hashesAt: Map<string, string>;
  difference?: LedgerDifference;
  /** Events in the store the projector has not put in the ledger yet (not checked). */
  unchecked: number;
}

/** A stretch of the ledger, `(after, until]`: from the start when `after` is absent, to the end when `until` is. */
export interface LedgerPart {
  /** The last event before the part, and the chain hash the ledger records there. */
  after?: { position: string; hash: string } | undefined;
  until?: string | undefined;
}

/**
 * Re-reads the whole log from the event store, recomputes the chain, and checks it against the
 * ledger event by event, in commit order: answers how far they agree and, if they do not, the first
 * event that differs (edited, missing or extra). Batches from both sides stream side by side, so
 * memory stays flat whatever the size of the log.
 */
export function verifyLedger(deps: { store: EventStore; db: Kysely<ReadModelTables>; batch?: number; at?: readonly string[] }): Promise<LedgerVerification> {
  return verifyLedgerPart({ ...deps, part: {} });
}

/**
 * verifyLedger over one part of the ledger (ledgerParts), which parts can do side by side (in
 * threads of their own: the hashing is the work). A part's chain starts from the hash the ledger
 * records just before it. That checks the same thing as one chain from the start: where every
 * event before matched, the ledger's hash there is the recomputed one, so the first event whose
 * recomputed hash differs is the same either way, and joinLedgerParts reports the first part's.
 */
export async function verifyLedgerPart(deps: {
  store: EventStore;
  db: Kysely<ReadModelTables>;
  part: LedgerPart;
  batch?: number;
  at?: readonly string[];
}): Promise<LedgerVerification> {
  const { part } = deps;
  const batch = deps.batch ?? 5000;
  const wanted = new Set(deps.at ?? []);
  const hashesAt = new Map<string, string>();
  const until = part.until ? parsePosition(part.until) : undefined;
  const ledger = ledgerHashes(deps.db, batch, { after: part.after?.position, until: part.until })[Symbol.asyncIterator]();
  let ledgerRows: { position_a: string; position_b: string; hash: string }[] = [];
  let ledgerIndex = 0;
  // Each side's next batch is read while this one is hashed: the reads and the hashing overlap.
  let ledgerAhead = prefetched(ledger.next());
  const nextLedgerRow = async () => {
    if (ledgerIndex >= ledgerRows.length) {
      const next = await ledgerAhead;
      ledgerRows = next.done ? [] : next.value;
      ledgerIndex = 0;
      if (!next.done) ledgerAhead = prefetched(ledger.next());
    }
    return ledgerRows[ledgerIndex++];
  };

  let hash = part.after?.hash ?? GENESIS_HASH;
  let verified = 0;
  let position: string | undefined;
  let unchecked = 0;
  const describe = (event: StoredEvent) => ({
    position: formatPosition(event.position),
    stream: event.streamId,
    version: event.streamVersion.toString(),
    type: event.type,
  });
  /** What the verification found so far, and where the log and the ledger first differ when they do. */
  const found = (difference?: LedgerDifference) => ({
    verified,
    ...(position ? { position } : {}),
    hash,
    hashesAt,
    unchecked,
    ...(difference ? { difference } : {}),
  });
  const from = part.after ? parsePosition(part.after.position)! : START;
  let storeAhead = prefetched(deps.store.readAllStored({ from, batch }));
  reading: for (;;) {
    const events = await storeAhead;
    if (events.length === 0) break;
    storeAhead = prefetched(deps.store.readAllStored({ from: events.at(-1)!.position, batch }));
    for (const event of events) {
      const row = await nextLedgerRow();
      // Past the part's end the next part goes on; a ledger row left over here is an event the store lost.
      if (until && comparePositions(event.position, until) > 0 && !row) break reading;
      if (!row) {
        unchecked++;
        continue;
      }
      const at = formatPosition(event.position);
      if (`${row.position_a}/${row.position_b}` !== at) {
        return found({
          ...describe(event),
          reason: `the ledger holds ${row.position_a}/${row.position_b} where the store holds this event: an event is missing or extra`,
        });
      }
      hash = chainHashOfStored(hash, event);
      if (hash !== row.hash)
        return found({ ...describe(event), reason: 'the stored event does not hash to what the ledger recorded: it was changed after it was recorded' });
      if (wanted.has(at)) hashesAt.set(at, hash);
      verified++;
      position = at;
    }
  }
  const extra = await nextLedgerRow();
  if (extra) {
    const at = `${extra.position_a}/${extra.position_b}`;
    return found({ position: at, reason: 'the ledger records an event the store no longer holds: it was deleted' });
  }
  return found();
}

/** The parts' verifications (in the ledger's order) as one: up to and including the first part that found a difference. */
export function joinLedgerParts(parts: readonly LedgerVerification[]): LedgerVerification {
  const joined: LedgerVerification = { verified: 0, hash: GENESIS_HASH, hashesAt: new Map(), unchecked: 0 };
  for (const part of parts) {
    joined.verified += part.verified;
    if (part.position) joined.position = part.position;
    joined.hash = part.hash;
    for (const [at, hash] of part.hashesAt) joined.hashesAt.set(at, hash);
    joined.unchecked += part.unchecked;
    if (part.difference) return { ...joined, difference: part.difference };
  }
  return joined;
}

/** A read started ahead: if verification stops before it is awaited, its failure is nobody's concern. */
function prefetched<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
