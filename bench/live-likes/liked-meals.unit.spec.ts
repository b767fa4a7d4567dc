import { describe, expect, it } from 'vitest';
import { LIKES_PER_MEAL, likeOf } from './liked-meals';

describe('which member likes which meal', () => {
  const meals = 445;
  const likes = Array.from({ length: meals * LIKES_PER_MEAL }, (_, index) => likeOf(index, meals));

  it('has each member like each meal once', () => {
    expect(new Set(likes.map(({ meal, member }) => `${meal}:${member}`)).size).toBe(likes.length);
  });

  it('sends likes in a row to different meals: one meal’s next like comes a whole round of meals later', () => {
    const lastOf = new Map<number, number>();
    let closest = Infinity;
    likes.forEach(({ meal }, index) => {
      if (lastOf.has(meal)) closest = Math.min(closest, index - lastOf.get(meal)!);
      lastOf.set(meal, index);
    });
    expect(closest).toBe(meals);
  });

  it('refuses a like past what the meals take', () => {
    expect(() => likeOf(meals * LIKES_PER_MEAL, meals)).toThrow(/445 meals take 4005 likes/);
  });
});
