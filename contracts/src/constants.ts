/** Business constants of SPEC section 9, shared by every service and the web client. */

export const MEAL_CATEGORIES = ['Breakfast', 'Lunch', 'Dinner'] as const;
export type MealCategory = (typeof MEAL_CATEGORIES)[number];

/** `auditor`: reads the audit trail, changes nothing (every write answers 403). */
export const ROLES = ['user', 'admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/** Badges as events and read models keep them. */
export const BADGES = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type Badge = (typeof BADGES)[number];
/**
 * Badges as the API answers them: named as the package that grants them ('Silver', 'Gold', 'Platinum')
 * and 'Bronze' (SPEC section 9), the names the spec's client compares and sends.
 */
export const BADGE_NAMES = ['Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type BadgeName = (typeof BADGE_NAMES)[number];
export const badgeName = (badge: Badge): BadgeName => BADGE_NAMES[BADGES.indexOf(badge)]!;
/** A badge's place in BADGES, either spelling (none: -1): a purchase never lowers a member's badge; a better one answers for a lesser. */
export const badgeRank = (badge: Badge | BadgeName | null | undefined): number => (badge ? BADGES.indexOf(badge.toLowerCase() as Badge) : -1);

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
/** Most pixels an uploaded image may have (25 megapixels): a small file can still decode to gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** How long a read with `X-Min-Position` may wait for the projections to catch up. */
export const MIN_POSITION_WAIT_MS = 2000;
/**
 * How long a command's answer waits for the read models to show its events, for clients that read
 * right after writing without sending `X-Min-Position` (the spec's own); then it answers anyway.
 */
export const COMMAND_READABLE_WAIT_MS = 1000;
export const MIN_POSITION_HEADER = 'x-min-position';
