import { describe, expect, it } from 'vitest';
import type { AuditDigest } from '@hostel/contracts';
import { checkChain, checkSigned } from './signed';
import type { Claim } from './signed';

/** Statements at positions 0/1, 0/2, 0/3 of a chain whose hashes are h1, h2, h3; `signature: 'ok'` is what the key signed. */
const at = (n: number, hash = `h${n}`, signature = 'ok'): AuditDigest => ({
  position: `0/${n}`,
  hash,
  signedAt: `2026-11-27T10:0${n}:00.000Z`,
  kid: 'k',
  signature,
});
const checkpoint = (digest: AuditDigest): Claim => ({ digest, kept: false });
const kept = (digest: AuditDigest): Claim => ({ digest, kept: true });
const chain = new Map([
  ['0/1', 'h1'],
  ['0/2', 'h2'],
  ['0/3', 'h3'],
]);
const signedBy = (digest: AuditDigest) => digest.signature === 'ok';

describe('checkSigned', () => {
  it('holds when the chain gives every statement its hash, and names the newest checkpoint the key signed', () => {
    expect(checkSigned([checkpoint(at(1)), checkpoint(at(3)), kept(at(2))], chain, '0/3', signedBy)).toEqual({ ok: true, newestSigned: at(3), kept: at(2) });
    // A newest checkpoint without the key's signature vouches for nothing: the one before does.
    expect(checkSigned([checkpoint(at(1)), checkpoint(at(3, 'h3', 'bad'))], chain, '0/3', signedBy)).toMatchObject({ ok: true, newestSigned: at(1) });
    expect(checkSigned([], chain, '0/3', signedBy)).toEqual({ ok: true, newestSigned: undefined, kept: undefined });
  });

  it('names the first statement the chain no longer gives, and the last one before it that holds, whatever order they come in', () => {
    const result = checkSigned([checkpoint(at(3, 'old-h3')), checkpoint(at(2, 'old-h2')), checkpoint(at(1))], chain, '0/3', signedBy);
    expect(result).toEqual({ ok: false, claim: checkpoint(at(2, 'old-h2')), after: at(1), problem: 'changed' });
    expect(checkSigned([kept(at(1, 'other'))], chain, '0/3', signedBy)).toEqual({
      ok: false,
      claim: kept(at(1, 'other')),
      after: undefined,
      problem: 'changed',
    });
  });

  it('calls a differing checkpoint without the key’s signature forged; a kept digest counts by its hash alone', () => {
    expect(checkSigned([checkpoint(at(2, 'x', 'bad'))], chain, '0/3', signedBy)).toMatchObject({ ok: false, problem: 'forged' });
    expect(checkSigned([kept(at(2, 'x', 'bad'))], chain, '0/3', signedBy)).toMatchObject({ ok: false, problem: 'changed' });
  });

  it('says a statement past the end of the log is about events no longer there', () => {
    expect(checkSigned([checkpoint(at(1)), checkpoint(at(4, 'h4'))], chain, '0/3', signedBy)).toEqual({
      ok: false,
      claim: checkpoint(at(4, 'h4')),
      after: at(1),
      problem: 'missing',
    });
  });
});

describe('checkChain', () => {
  /** Checkpoint `n` of read-api's chain at 0/n, naming checkpoint n-1 (none for the first). */
  const link = (n: number, signature = 'ok'): AuditDigest => ({
    ...at(n, `h${n}`, signature),
    seq: n,
    previous: n === 1 ? null : { position: `0/${n - 1}`, hash: `h${n - 1}` },
  });
  const file = '/data/audit-checkpoint-head.json';

  it('holds for checkpoints numbered from 1 without a gap, each naming the one before, up to the one kept outside', () => {
    expect(checkChain([link(1), link(2), link(3)], signedBy, { digest: link(3), file })).toEqual([]);
    // A head file behind the database (written after the checkpoint commits) is no gap.
    expect(checkChain([link(1), link(2), link(3)], signedBy, { digest: link(2), file })).toEqual([]);
    // Checkpoints signed before they were chained: the first names the last of them, which must still be there.
    expect(checkChain([at(7), { ...link(1), position: '0/8', previous: { position: '0/7', hash: 'h7' } }], signedBy)).toEqual([]);
  });

  it('names what is missing or inconsistent', () => {
    expect(checkChain([link(1), link(3)], signedBy)).toEqual([
      'Checkpoint 2 is missing, between checkpoint 1 at 0/1 (signed at 2026-11-27T10:01:00.000Z) and checkpoint 3 at 0/3 (signed at 2026-11-27T10:03:00.000Z): deleted from the database.',
    ]);
    expect(checkChain([link(3)], signedBy)).toEqual([
      'Checkpoints 1 to 2, before checkpoint 3 at 0/3 (signed at 2026-11-27T10:03:00.000Z), are missing: they were deleted from the database.',
    ]);
    expect(checkChain([link(1), link(2)], signedBy, { digest: link(3), file })[0]).toMatch(
      /^Checkpoint 3 at 0\/3 .*, the newest read-api signed \(kept in \/data\/audit-checkpoint-head.json\), is not in the database, whose newest is checkpoint 2 /,
    );
    expect(checkChain([], signedBy, { digest: link(3), file })[0]).toContain('is not in the database, whose newest is none');
    expect(checkChain([link(1), link(2)], signedBy, { digest: link(3, 'forged'), file })).toEqual([
      `${file} does not hold a checkpoint this key signed: it was changed.`,
    ]);
    expect(checkChain([link(1), link(2, 'forged')], signedBy)[0]).toMatch(/^Checkpoint 2 at 0\/2 .* is not signed by this key/);
    expect(checkChain([link(1), { ...link(2), previous: { position: '0/1', hash: 'other' } }], signedBy)[0]).toMatch(
      /^Checkpoint 2 at 0\/2 .* does not follow checkpoint 1/,
    );
    expect(checkChain([{ ...link(1), previous: { position: '0/0', hash: 'h0' } }], signedBy)[0]).toMatch(
      /^The checkpoint at 0\/0 that checkpoint 1 .* follows is missing/,
    );
  });
});
