/** Socket.io rooms and messages. A push is a signal to refetch or patch the TanStack Query cache. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  meal: (mealId: string) => `meal:${mealId}`,
  upcoming: 'upcoming',
  /** Catalogue viewers: counts on meal cards. */
  catalog: 'meals',
  adminRequests: 'admin:requests',
  adminUsers: 'admin:users',
} as const;

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
   * New like counts by id, for a resource whose cached items carry `likes` (upcoming meals): the
   * client writes them into its cache instead of refetching, so a stream of likes costs watchers no
   * requests. Merged like `changed` (the latest count of each id).
   */
  likes: { resource: string; likes: Record<string, number>; position?: string };
}
export type LiveEvent = keyof LiveMessages;

/**
 * A room's changes (and like counts) to one resource are pushed at most once per this window: the first at once, the
 * rest of a burst together at the window's end. 100 likes a second to 500 watchers are then about
 * 20 frames a second per socket instead of 100, for at most this much added latency.
 */
export const LIVE_COALESCE_MS = 50;
