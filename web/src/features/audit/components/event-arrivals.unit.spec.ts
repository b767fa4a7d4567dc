import { describe, expect, it } from 'vitest';
import { eventArrivals } from './event-words';

/** The live tail's words; when it says them (at most once a second, a burst as one) is the announcer's (lib/announcer). */
describe('the live tail announcer', () => {
  it('names a lone event, and sums up a burst with its count and its newest', () => {
    expect(eventArrivals(1, 'Boss added the meal “Dal”')).toBe('1 new event: Boss added the meal “Dal”');
    expect(eventArrivals(3, 'Ana liked a meal')).toBe('3 new events. Latest: Ana liked a meal');
  });
});
