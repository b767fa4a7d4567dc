/** Socket.io rooms (live.ts has their messages): here, apart from any schema, so the web's first paint needs no zod. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  meal: (mealId: string) => `meal:${mealId}`,
  upcoming: 'upcoming',
  /** Catalogue viewers: counts on meal cards. */
  catalog: 'meals',
  adminRequests: 'admin:requests',
  adminUsers: 'admin:users',
  /** Admins and auditors: each event as it lands (the audit's live tail). */
  audit: 'audit',
} as const;
