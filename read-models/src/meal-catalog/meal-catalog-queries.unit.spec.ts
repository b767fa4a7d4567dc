import { describe, expect, it } from 'vitest';
import { prefixQuery } from './meal-catalog-queries';

describe('the search box as a prefix query', () => {
  it('makes each word a lower-case prefix, all of them required', () => {
    expect(prefixQuery('Chick')).toBe('chick:*');
    expect(prefixQuery('  Spicy   CHICK ')).toBe('spicy:* & chick:*');
  });
  it('lets only letters and digits through, in any script', () => {
    expect(prefixQuery("chick'n & (rice) | !x:*")).toBe('chick:* & n:* & rice:* & x:*');
    expect(prefixQuery('crème brûlée 2')).toBe('crème:* & brûlée:* & 2:*');
  });
  it('answers nothing for a search without letters or digits', () => {
    expect(prefixQuery('&|!:*() ')).toBeUndefined();
    expect(prefixQuery('')).toBeUndefined();
  });
});
