import type { ServeQueueAnswer, ServeQueueItem } from '@hostel/contracts';
import { makeUser } from '@/testing/api/db';
import { makeMeal, makeQueueItem, type Requester } from '@/testing/fixtures';
import { answer, answerPages } from '@/testing/api/server';

/** The kitchen tests' clock and cast: the kitchen queue on Serve Meals and the kitchen display (kiosk) alike. */
export const NOW = Date.parse('2026-11-26T12:00:00.000Z');
export const minutesAgo = (minutes: number, seconds = 0) => new Date(NOW - minutes * 60_000 - seconds * 1000).toISOString();

export const admin = makeUser({ name: 'Boss', email: 'boss@hostel.test', role: 'admin' });
export const ana = makeUser({ _id: '00000000-0000-4000-8000-00000000a4a0', name: 'Ana Ate', email: 'ana@example.com', badge: 'Gold' });
export const ben = makeUser({ _id: '00000000-0000-4000-8000-00000000b0b0', name: 'Ben Bite', email: 'ben@example.com', badge: 'Gold' });
export const biryani = makeMeal({ title: 'Chicken Biryani', category: 'Lunch' });
export const dal = makeMeal({ title: 'Dal Makhani', category: 'Dinner' });
export const porridge = makeMeal({ title: 'Porridge', category: 'Breakfast' });

/** `who`'s request of `meal` on the queue, made at `requestTime`. */
export const requestOf = (meal: Parameters<typeof makeQueueItem>[0], who: Requester, requestTime: string, extra: Partial<ServeQueueItem> = {}) =>
  makeQueueItem(meal, who, requestTime, extra);

/**
 * For this test the kitchen's queue (GET /api/serveQueue) answers what `queue` says at each read; the
 * requests table beside it on Serve Meals (not what these tests look at) lists none.
 */
export function queueAnswers(queue: (request: Request) => ServeQueueAnswer) {
  answer('/api/serveQueue', queue);
  answerPages('/api/requestedMeals/admin', []);
}
