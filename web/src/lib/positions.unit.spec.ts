import { describe, expect, it } from 'vitest';
import { comparePositions, isAfter, laterPosition } from './positions';

describe('log positions', () => {
  it('compares the first number, then the second, as numbers (not as text)', () => {
    expect(comparePositions('0/9', '0/10')).toBe(-1);
    expect(comparePositions('1/0', '0/99')).toBe(1);
    expect(comparePositions('3/7', '3/7')).toBe(0);
    expect(comparePositions('nonsense', '0/1')).toBeUndefined();
  });

  it('answers the later of two, whichever is missing or malformed', () => {
    expect(laterPosition('0/9', '0/10')).toBe('0/10');
    expect(laterPosition('0/12', '0/10')).toBe('0/12');
    expect(laterPosition(undefined, '0/3')).toBe('0/3');
    expect(laterPosition('0/3', null)).toBe('0/3');
    expect(laterPosition('bad', '0/3')).toBe('0/3');
  });

  it('tells a push newer than the data on show from one it already reflects', () => {
    expect(isAfter('0/11', '0/10')).toBe(true);
    expect(isAfter('0/10', '0/10')).toBe(false);
    expect(isAfter('0/2', '0/10')).toBe(false);
    expect(isAfter('0/2', null)).toBe(true);
    expect(isAfter(undefined, '0/1')).toBe(false);
  });
});
