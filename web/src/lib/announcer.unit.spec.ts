import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_INTERVAL_MS, createAnnouncer } from './announcer';

/** An announcer whose words show both what it was given (the count, the newest), and everything it said, oldest first. */
function listen() {
  const said: string[] = [];
  return {
    said,
    announcer: createAnnouncer(
      (text) => said.push(text),
      (count, newest) => `${count}: ${newest}`,
    ),
  };
}

/** The timing every polite live region shares; each screen's own words are tested beside it (eventArrivals, requestArrivals). */
describe('the announcer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('says a lone arrival at once, naming it', () => {
    const { said, announcer } = listen();

    announcer.arrived(1, 'Dal for Ana');

    expect(said).toEqual(['1: Dal for Ana']);
  });

  it('says at most one thing a second, a burst within that second as one, with its count and its newest', () => {
    const { said, announcer } = listen();

    announcer.arrived(1, 'Dal for Ana');
    vi.advanceTimersByTime(200);
    announcer.arrived(1, 'Dal for Ben');
    announcer.arrived(2, 'Curry for Di');
    expect(said).toEqual(['1: Dal for Ana']);

    vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS - 201);
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['1: Dal for Ana', '3: Curry for Di']);

    // A quiet second later, the next arrival is said at once again.
    vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS);
    announcer.arrived(1, 'Soup for Ed');
    expect(said.at(-1)).toBe('1: Soup for Ed');
  });

  it('says a burst arriving together as one, and nothing for nothing', () => {
    const { said, announcer } = listen();

    announcer.arrived(0, 'nothing');
    announcer.arrived(3, 'C for 3');

    expect(said).toEqual(['3: C for 3']);
  });

  it('says nothing after it is disposed', () => {
    const { said, announcer } = listen();
    announcer.arrived(1, 'A for 1');
    announcer.arrived(1, 'B for 2');

    announcer.dispose();
    vi.advanceTimersByTime(5 * ANNOUNCE_INTERVAL_MS);

    expect(said).toEqual(['1: A for 1']);
  });
});
