/** Business constants of SPEC section 9, shared by every service and the web client. */

export const MEAL_CATEGORIES = ['Breakfast', 'Lunch', 'Dinner'] as const;
export type MealCategory = (typeof MEAL_CATEGORIES)[number];

/** `auditor`: reads the audit trail, changes nothing (every write answers 403). */
export const ROLES = ['user', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export const BADGES = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type Badge = (typeof BADGES)[number];
/** A badge's place in BADGES (none: -1): a purchase never lowers a member's badge; a better one answers for a lesser. */
export const badgeRank = (badge: Badge | null | undefined): number => (badge ? BADGES.indexOf(badge) : -1);

/** Membership plans: price in minor units (cents); each grants the badge of the same name. */
export const MEMBERSHIP_PACKAGES = {
  Silver: { price: 1900, badge: 'silver', features: ['Basic Meal Access', 'Limited Requests', 'Basic Support'] },
  Gold: { price: 3900, badge: 'gold', features: ['Full Meal Access', 'Unlimited Requests', 'Priority Support'] },
  Platinum: { price: 5900, badge: 'platinum', features: ['Premium Meals', 'Personal Chef Access', '24/7 Concierge Support'] },
} as const satisfies Record<string, { price: number; badge: Badge; features: readonly string[] }>;

/** Every dashboard list shows this many rows a page. */
export const DASHBOARD_PAGE_SIZE = 10;
export const ALL_MEALS_PAGE_SIZE = 9;
export const USER_SEARCH_DEBOUNCE_MS = 500;
export const UPCOMING_PUBLISH_THRESHOLD = 10;

/**
 * A cookie the script may read (not HttpOnly, no secret in it) that the command API sets and clears with
 * the refresh cookie: the web app asks `/api/auth/refresh` only when it is there, so a visitor's page
 * makes no refresh call that can only fail.
 */
export const SESSION_MARKER_COOKIE = 'hostel_session';

/** Largest image upload accepted by the media endpoint. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** How long a read with `X-Min-Position` may wait for the projections to catch up. */
export const MIN_POSITION_WAIT_MS = 2000;
export const MIN_POSITION_HEADER = 'x-min-position';
