import { describe, expect, it } from 'vitest';
import { firstDeparture, keptChainIn, keptHash, type KeptChain } from './kept-chain';

const h = (digit: string) => digit.repeat(64);

describe('the chain kept beside a digest', () => {
  const kept: KeptChain = [
    ['1/1', keptHash(h('a'))],
    ['1/2', keptHash(h('b'))],
    ['2/3', keptHash(h('c'))],
  ];

  it('names the first position whose recomputed hash differs, not a later one', () => {
    const recomputed = new Map([
      ['1/1', h('a')],
      ['1/2', h('e')],
      ['2/3', h('f')],
    ]);
    expect(firstDeparture(kept, recomputed)).toEqual({ position: '1/2', problem: 'changed' });
  });

  it('names a kept position the log no longer holds', () => {
    expect(firstDeparture(kept, new Map([['1/1', h('a')]]))).toEqual({ position: '1/2', problem: 'missing' });
  });

  it('finds nothing when every kept entry holds, and refuses a file whose entries are not cut hashes', () => {
    expect(firstDeparture(kept, new Map(kept.map(([position], index) => [position, h('abc'[index]!)])))).toBeUndefined();
    expect(keptChainIn({ chain: kept })).toEqual(kept);
    expect(keptChainIn({ chain: [['1/1', h('a')]] })).toBeUndefined();
    expect(keptChainIn({ position: '1/1' })).toBeUndefined();
  });
});
