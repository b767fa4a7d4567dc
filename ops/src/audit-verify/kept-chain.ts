/**
 * The chain as an auditor keeps it beside a digest (`audit:verify --save-digest`): every event's position
 * and the first 16 hex digits of the ledger's chain hash there. The digest's own hash, checked in full,
 * says whether the log changed; these say where: a ledger recomputed from an edited log agrees with
 * itself and with no signed hash, and a checkpoint only bounds the change to the events since the one
 * before it (read-api signs one every 10 s while the log grows: hundreds of events). A kept file is
 * the auditor's own copy, trusted as the digest is, by what it holds.
 */
export type KeptChain = [position: string, hash: string][];

/** The chain a kept file holds (its `chain`), or undefined when it holds none or not as written here. */
export function keptChainIn(file: unknown): KeptChain | undefined {
  const chain = typeof file === 'object' && file !== null ? (file as { chain?: unknown }).chain : undefined;
  if (!Array.isArray(chain)) return undefined;
  const wellFormed = (entry: unknown) =>
    Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && /^\d+\/\d+$/.test(entry[0]) && /^[0-9a-f]{16}$/.test(String(entry[1]));
  return chain.every(wellFormed) ? (chain as KeptChain) : undefined;
}

/** The kept entry a hash is cut to. */
export const keptHash = (hash: string) => hash.slice(0, 16);

/**
 * Where the recomputed chain first leaves the kept one, in the kept order: the position of the first
 * event that differs (`changed`), or the first kept position the log no longer holds (`missing`: the
 * event was deleted, or moved). Undefined when every kept entry still holds (the change is after them).
 */
export function firstDeparture(kept: KeptChain, recomputed: ReadonlyMap<string, string>): { position: string; problem: 'changed' | 'missing' } | undefined {
  for (const [position, hash] of kept) {
    const now = recomputed.get(position);
    if (now === undefined) return { position, problem: 'missing' };
    if (keptHash(now) !== hash) return { position, problem: 'changed' };
  }
  return undefined;
}
