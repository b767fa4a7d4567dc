import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenTo } from '@/testing/announcer';
import { requestArrivals } from './queue-model';

describe('the new-request announcer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says a lone arrival at once, naming it', () => {
    const { said, announcer } = listenTo(requestArrivals);

    announcer.arrived(1, 'Chicken Biryani for Sam');

    expect(said).toEqual(['New request: Chicken Biryani for Sam']);
  });

  it('says at most one thing a second, and a burst within that second as one summary', () => {
    const { said, announcer } = listenTo(requestArrivals);

    announcer.arrived(1, 'Dal for Ana');
    vi.advanceTimersByTime(200);
    announcer.arrived(1, 'Dal for Ben');
    announcer.arrived(2, 'Curry for Di');
    expect(said).toEqual(['New request: Dal for Ana']);

    vi.advanceTimersByTime(799);
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['New request: Dal for Ana', '3 new requests']);

    // Quiet for a while: the next arrival is said at once again.
    vi.advanceTimersByTime(5000);
    announcer.arrived(1, 'Soup for Ed');
    expect(said.at(-1)).toBe('New request: Soup for Ed');
  });

  it('a burst arriving together is summarised, and nothing is said for nothing', () => {
    const { said, announcer } = listenTo(requestArrivals);

    announcer.arrived(0, '');
    announcer.arrived(3, 'C for 3');

    expect(said).toEqual(['3 new requests']);
  });

  it('says nothing after it is disposed', () => {
    const { said, announcer } = listenTo(requestArrivals);
    announcer.arrived(1, 'A for 1');
    announcer.arrived(1, 'B for 2');

    announcer.dispose();
    vi.advanceTimersByTime(2000);

    expect(said).toEqual(['New request: A for 1']);
  });
});
