import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveMessages } from '@hostel/contracts';
import { coalesceChanges } from './coalescing-publisher';
import type { LivePublisher } from './port';

const WINDOW_MS = 50;
let sent: { room: string; event: LiveEvent; payload: LiveMessages[LiveEvent] }[];
let publisher: LivePublisher;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  publisher = coalesceChanges({ publish: (room, event, payload) => void sent.push({ room, event, payload }) }, WINDOW_MS);
});
afterEach(() => vi.useRealTimers());

describe('coalesced live changes', () => {
  it('sends the first change of a quiet spell at once', () => {
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'a', position: '1/1' });
    expect(sent).toEqual([{ room: 'upcoming', event: 'changed', payload: { resource: 'upcomingMeals', id: 'a', position: '1/1' } }]);
  });

  it('sends the rest of a burst as one message at the end of the window, with the latest position', () => {
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'a', position: '1/1' });
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'a', position: '1/2' });
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'a', position: '1/3' });
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent.map((message) => message.payload)).toEqual([
      { resource: 'upcomingMeals', id: 'a', position: '1/1' },
      { resource: 'upcomingMeals', id: 'a', position: '1/3' },
    ]);
  });

  it('drops the id when the merged changes named different ones', () => {
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'a', position: '1/1' });
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'b', position: '1/2' });
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'c', position: '1/3' });
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent.at(-1)?.payload).toEqual({ resource: 'upcomingMeals', position: '1/3' });
    // Merged changes that all named one keep it.
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'd', position: '1/4' });
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', id: 'd', position: '1/5' });
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent.at(-1)?.payload).toEqual({ resource: 'upcomingMeals', id: 'd', position: '1/5' });
  });

  it('keeps a steady stream at one message per window, and is quiet again once it stops', () => {
    for (let tick = 0; tick < 10; tick++) {
      publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', position: `1/${tick}` });
      vi.advanceTimersByTime(10);
    }
    // 100 ms of changes every 10 ms: the first at once, then one at the end of each 50 ms window.
    expect(sent).toHaveLength(3);
    vi.advanceTimersByTime(WINDOW_MS * 3);
    expect(sent.map((message) => (message.payload as LiveMessages['changed']).position)).toEqual(['1/0', '1/4', '1/9']);
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals', position: '1/10' });
    expect(sent).toHaveLength(4);
  });

  it('merges the counts of a burst into one message holding the latest counts of each id', () => {
    publisher.publish('meals', 'counts', { resource: 'meals', counts: { a: { likes: 1, reviews: 0 } }, position: '1/1' });
    publisher.publish('meals', 'counts', { resource: 'meals', counts: { a: { likes: 2, reviews: 0 } }, position: '1/2' });
    publisher.publish('meals', 'counts', { resource: 'meals', counts: { b: { likes: 7 } }, position: '1/3' });
    publisher.publish('meals', 'counts', { resource: 'meals', counts: { a: { likes: 2, reviews: 1 } }, position: '1/4' });
    publisher.publish('meals', 'counts', { resource: 'meals', counts: { b: { reviews: 4 } }, position: '1/5' });
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sent.map((message) => message.payload)).toEqual([
      { resource: 'meals', counts: { a: { likes: 1, reviews: 0 } }, position: '1/1' },
      { resource: 'meals', counts: { a: { likes: 2, reviews: 1 }, b: { likes: 7, reviews: 4 } }, position: '1/5' },
    ]);
  });

  it('keeps rooms and resources apart, and passes other events straight through', () => {
    publisher.publish('upcoming', 'changed', { resource: 'upcomingMeals' });
    publisher.publish('meals', 'changed', { resource: 'upcomingMeals' });
    publisher.publish('upcoming', 'changed', { resource: 'meals' });
    publisher.publish('upcoming', 'counts', { resource: 'upcomingMeals', counts: { a: { likes: 1 } } });
    publisher.publish('upcoming', 'checkpoint', { projection: 'users', position: '1/1' });
    publisher.publish('upcoming', 'checkpoint', { projection: 'users', position: '1/2' });
    expect(sent).toHaveLength(6);
  });
});
