import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenTo } from '@/testing/announcer';
import { eventArrivals } from './event-words';

describe('the live tail announcer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('says the first arrival at once, then at most once a second, a burst summarised with its count and its newest', () => {
    const { said, announcer } = listenTo(eventArrivals);

    announcer.arrived(1, 'Boss added the meal “Dal”');
    expect(said).toEqual(['1 new event: Boss added the meal “Dal”']);

    announcer.arrived(1, 'Sam liked a meal');
    vi.advanceTimersByTime(300);
    announcer.arrived(2, 'Ana liked a meal');
    vi.advanceTimersByTime(600);
    expect(said).toHaveLength(1);

    vi.advanceTimersByTime(100);
    expect(said).toEqual(['1 new event: Boss added the meal “Dal”', '3 new events. Latest: Ana liked a meal']);

    // A quiet second later, the next arrival is said at once again.
    vi.advanceTimersByTime(1000);
    announcer.arrived(1, 'Bo liked a meal');
    expect(said.at(-1)).toBe('1 new event: Bo liked a meal');
  });

  it('says nothing for an empty read, and nothing after it is disposed', () => {
    const { said, announcer } = listenTo(eventArrivals);
    announcer.arrived(0, 'nothing');
    expect(said).toEqual([]);

    announcer.arrived(1, 'first');
    announcer.arrived(1, 'second');
    announcer.dispose();
    vi.advanceTimersByTime(5000);
    expect(said).toEqual(['1 new event: first']);
  });
});
