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
  /** Something in a read model changed: the client invalidates queries under this key. */
  changed: { resource: string; id?: string };
}
export type LiveEvent = keyof LiveMessages;
