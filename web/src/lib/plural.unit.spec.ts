import { describe, expect, it } from 'vitest';
import { plural, pluralNoun } from './plural';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect([0, 1, 2, 1.5].map((count) => plural(count, 'like'))).toEqual(['0 likes', '1 like', '2 likes', '1.5 likes']);
    expect(plural(1, 'match', 'matches')).toBe('1 match');
    expect(plural(3, 'match', 'matches')).toBe('3 matches');
    expect(plural(1200, 'review')).toBe('1,200 reviews');
    expect(pluralNoun(1, 'meal')).toBe('meal');
  });
});
