import { describe, expect, it } from 'vitest';
import { comparePositions, formatPosition, parsePosition, START } from './port';

const MAX_U64 = 2n ** 64n - 1n;

describe('positions', () => {
  it('compare by the first number, then the second', () => {
    expect(comparePositions({ a: 1n, b: 9n }, { a: 2n, b: 0n })).toBe(-1);
    expect(comparePositions({ a: 2n, b: 0n }, { a: 1n, b: 9n })).toBe(1);
    expect(comparePositions({ a: 5n, b: 3n }, { a: 5n, b: 4n })).toBe(-1);
    expect(comparePositions({ a: 5n, b: 4n }, { a: 5n, b: 3n })).toBe(1);
    expect(comparePositions({ a: 5n, b: 4n }, { a: 5n, b: 4n })).toBe(0);
  });

  it('compare as numbers beyond 2^53, where doubles would call them equal', () => {
    const big = 2n ** 53n;
    expect(comparePositions({ a: big, b: 0n }, { a: big + 1n, b: 0n })).toBe(-1);
    expect(comparePositions({ a: MAX_U64, b: MAX_U64 - 1n }, { a: MAX_U64, b: MAX_U64 })).toBe(-1);
  });

  it('sort START before every other position', () => {
    expect(comparePositions(START, { a: 0n, b: 1n })).toBe(-1);
    expect(comparePositions(START, { a: 0n, b: 0n })).toBe(0);
  });

  it('survive a round trip through their text form, at full 64-bit range', () => {
    for (const position of [START, { a: 1529n, b: 42n }, { a: MAX_U64, b: MAX_U64 }, { a: 2n ** 53n + 1n, b: 7n }]) {
      expect(parsePosition(formatPosition(position))).toEqual(position);
    }
    expect(formatPosition({ a: 1529n, b: 42n })).toBe('1529/42');
  });

  it('parse surrounding whitespace away', () => {
    expect(parsePosition(' 10/20 ')).toEqual({ a: 10n, b: 20n });
  });

  it('answer undefined for malformed or out-of-range text instead of throwing', () => {
    for (const text of [
      '',
      '10',
      '10/',
      '/10',
      '1/2/3',
      '-1/2',
      '1/-2',
      '1.5/2',
      'a/b',
      '0x10/1',
      '1 /2',
      `${MAX_U64 + 1n}/0`,
      `0/${MAX_U64 + 1n}`,
      '123456789012345678901/0',
    ]) {
      expect(parsePosition(text), text).toBeUndefined();
    }
  });
});
