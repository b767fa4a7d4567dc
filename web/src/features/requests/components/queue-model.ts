import type { ArrivalWords } from '@/lib/announcer';
import { QUEUE_THRESHOLDS_MINUTES, type ServeQueueItem } from '@hostel/contracts';

/** The queue screen's pure rules: how long a request has waited, how late that is, what comes next, grouping. */

export interface Thresholds {
  /** Minutes after which a request is late, then very late. */
  late: number;
  veryLate: number;
}
export const DEFAULT_THRESHOLDS: Thresholds = { ...QUEUE_THRESHOLDS_MINUTES };

/** Thresholds as kept (in localStorage): whole minutes from 1 to 240, the second later than the first; anything else gives the defaults. */
export function readThresholds(stored: unknown): Thresholds {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_THRESHOLDS;
  const { late, veryLate } = stored as Partial<Record<keyof Thresholds, unknown>>;
  const valid = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 240;
  return valid(late) && valid(veryLate) && veryLate > late ? { late, veryLate } : DEFAULT_THRESHOLDS;
}

export type AgeLevel = 'fresh' | 'late' | 'very-late';

export function ageLevel(waitedMs: number, thresholds: Thresholds): AgeLevel {
  if (waitedMs >= thresholds.veryLate * 60_000) return 'very-late';
  if (waitedMs >= thresholds.late * 60_000) return 'late';
  return 'fresh';
}

/** A wait as a kitchen clock reads it: mm:ss, or h:mm:ss past the hour (never negative: clocks disagree a little). */
export function formatWait(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** A wait in words, for screen readers and summaries ('4 min 5 s'). */
export function waitInWords(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? `${minutes} min ${seconds} s` : `${seconds} s`;
}

/** How long a request has waited: until it was Delivered, or until now. */
export function waitedMs(item: ServeQueueItem, now: number): number {
  const end = item.status === 'Delivered' && item.servedAt ? Date.parse(item.servedAt) : now;
  return end - Date.parse(item.requestTime);
}

/** What Enter (and the main button) does next: Pending → Approve, Approved → Serve; a Delivered request has nowhere to go. */
export function nextCommand(item: ServeQueueItem): 'approve' | 'serve' | undefined {
  if (item.status === 'Pending') return 'approve';
  if (item.status === 'Approved') return 'serve';
  return undefined;
}

/** Whether the last stage change may still be taken back (the server decides in the end; this hides a button it would refuse). */
export function canRecall(item: ServeQueueItem, now: number): boolean {
  return item.status !== 'Pending' && item.recallableUntil !== null && Date.parse(item.recallableUntil) > now;
}

export const isWaiting = (item: ServeQueueItem) => item.status !== 'Delivered';

/** Which end of the waiting list stands first: the oldest (the order to cook in) or the newest (arrivals on top). */
export type QueueOrder = 'oldest' | 'newest';
export const QUEUE_ORDERS: readonly QueueOrder[] = ['oldest', 'newest'];

/** The waiting requests (which the server sends oldest first) in the order chosen. */
export function inOrder(items: readonly ServeQueueItem[], order: QueueOrder): ServeQueueItem[] {
  return order === 'newest' ? [...items].reverse() : [...items];
}

/** One place in the grouped queue: a ticket on its own, or every request of a meal asked for more than once. */
export type QueueEntry = { kind: 'ticket'; item: ServeQueueItem } | { kind: 'meal'; mealId: string; mealTitle: string; items: ServeQueueItem[] };

/**
 * The all-day view: a meal asked for more than once becomes one list ('2 × Dal Makhani') standing where
 * its first request stands; a meal asked for once stays a plain ticket (no '1 × …' box around it).
 */
export function groupRepeats(items: readonly ServeQueueItem[]): QueueEntry[] {
  const byMeal = new Map<string, ServeQueueItem[]>();
  for (const item of items) byMeal.set(item.mealId, [...(byMeal.get(item.mealId) ?? []), item]);
  const entries: QueueEntry[] = [];
  const placed = new Set<string>();
  for (const item of items) {
    const same = byMeal.get(item.mealId)!;
    if (same.length === 1) entries.push({ kind: 'ticket', item });
    else if (!placed.has(item.mealId)) {
      placed.add(item.mealId);
      entries.push({ kind: 'meal', mealId: item.mealId, mealTitle: item.mealTitle, items: same });
    }
  }
  return entries;
}

/** How the queue says requests arrived: 'New request: Chicken Biryani for Sam', or '3 new requests'. */
export const requestArrivals: ArrivalWords = (count, newest) => (count === 1 ? `New request: ${newest}` : `${count} new requests`);
