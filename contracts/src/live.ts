import { z } from 'zod';
import type { MealRequestStatus } from './requests';
import { text } from './text';

/** Socket.io rooms and messages. A push is a signal to refetch or patch the TanStack Query cache. */
export { rooms } from './rooms';

export interface LiveMessages {
  /** A projection committed up to this position. */
  checkpoint: { projection: string; position: string };
  /**
   * Something in a read model changed: the client invalidates queries under this key. `position`:
   * the read model holds the log up to here. Changes close together arrive as one message (see
   * LIVE_COALESCE_MS), with the latest position, and the id only when they all named one.
   */
  changed: { resource: string; id?: string; position?: string };
  /**
   * New counts by id, for a resource whose cached items carry them (a meal's likes and reviews, an
   * upcoming meal's likes): the client writes them into its cache instead of refetching, so a stream
   * of likes costs watchers no requests. Merged like `changed` (the latest counts of each id).
   */
  counts: { resource: string; counts: Record<string, LiveCounts>; position?: string };
  /**
   * A student's request moved to another stage (approved, delivered, or recalled by the kitchen): to
   * their own room, for a toast wherever they are in the app. Never coalesced: each stage is news.
   */
  stage: { id: string; mealTitle: string; status: MealRequestStatus; position?: string };
}

/** What a `counts` push may say about one item: its likes, its reviews. */
export interface LiveCounts {
  likes?: number;
  reviews?: number;
}
export type LiveEvent = keyof LiveMessages;

/**
 * A room's changes (and counts) to one resource are pushed at most once per this window: the first at once, the
 * rest of a burst together at the window's end. 100 likes a second to 500 watchers are then about
 * 20 frames a second per socket instead of 100, for at most this much added latency.
 */
export const LIVE_COALESCE_MS = 50;

/**
 * What a client may send: `subscribe` / `unsubscribe` with a room name, and an optional
 * acknowledgement callback answered {@link RoomAnswer}. Anything else is refused in the answer.
 */
export const RoomRequest = text('Room', { error: 'Name the room to join: a text such as "upcoming"' })
  .min(1, 'Name the room to join')
  .max(200, 'The room name is too long');

/**
 * The public rooms one socket may be in at once: a screen watches a handful (the upcoming list, the
 * catalogue, a meal), and a socket asking for thousands costs the server for every push.
 */
export const MAX_ROOMS_PER_SOCKET = 50;

/** Answer to a `subscribe` or `unsubscribe` message. */
export const RoomAnswer = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })]);
export type RoomAnswer = z.infer<typeof RoomAnswer>;
