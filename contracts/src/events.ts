import { z } from 'zod';
import { BADGES, MEAL_CATEGORIES, ROLES } from './constants';

/**
 * Domain events, past tense, each a zod schema for its data. Events are facts: once a schema
 * is released it only gains optional fields; a breaking change gets a new `schemaVersion`.
 */
export const UserRegistered = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  photo: z.string(),
  role: z.enum(ROLES),
});
/** Kept apart from UserRegistered so that no read model ever handles a password hash. */
export const UserPasswordSet = z.object({ userId: z.string(), passwordHash: z.string() });
export const UserIdentityLinked = z.object({ userId: z.string(), issuer: z.string(), subject: z.string() });
export const UserProfileUpdated = z.object({ userId: z.string(), name: z.string(), photo: z.string() });
/**
 * An admin promoted the user (no `reason`: events before reasons were recorded, and every promotion by
 * an admin), or the user proved they own an address listed in ADMIN_EMAILS ('verified-admin-email'), or
 * the operator granted it from the machine ('granted-by-operator', `npm run admin -- grant`).
 */
export const UserPromotedToAdmin = z.object({
  userId: z.string(),
  reason: z.enum(['promoted-by-admin', 'verified-admin-email', 'granted-by-operator']).optional(),
});
/**
 * An admin made the user an auditor: they read the audit trail and change nothing. `reason` is set
 * only by the operator's grant from the machine (`npm run admin -- grant`); an admin's leaves it out.
 */
export const UserMadeAuditor = z.object({ userId: z.string(), reason: z.literal('granted-by-operator').optional() });
/** A membership badge; `paymentId` names the payment that bought it (absent for badges granted otherwise). */
export const UserBadgeGranted = z.object({ userId: z.string(), badge: z.enum(BADGES), paymentId: z.string().optional() });
/**
 * A single-use link was mailed: to verify the address, or to choose a new password. Only the token's
 * SHA-256 is kept; `sentAt` and `expiresAt` are ISO times (the command's clock).
 */
const mailedLink = { userId: z.string(), tokenHash: z.string(), sentAt: z.string(), expiresAt: z.string() };
export const UserEmailVerificationSent = z.object(mailedLink);
export const UserPasswordResetSent = z.object(mailedLink);
/** The user proved they own the address: a verification link, a password reset link, or a provider that vouches for it. */
export const UserEmailVerified = z.object({ userId: z.string(), email: z.string(), via: z.enum(['verification-link', 'password-reset', 'identity-provider']) });
/** A reset link was used (it and every other outstanding reset link stop working); the new hash follows in UserPasswordSet. */
export const UserPasswordReset = z.object({ userId: z.string(), tokenHash: z.string() });
/**
 * The password nobody had proved the mailbox for is dropped: the address's owner arrived through a provider
 * that vouches for it, so whoever registered it first (perhaps not them) must not keep a way in.
 */
export const UserPasswordCleared = z.object({ userId: z.string() });

/** What a dish is, whether it is listed or still on the vote: in events, and in the answers that show it. */
export const dishShape = {
  title: z.string(),
  category: z.enum(MEAL_CATEGORIES),
  image: z.string(),
  ingredients: z.array(z.string()),
  description: z.string(),
  price: z.number(),
  distributorName: z.string(),
};
const mealFields = { ...dishShape, rating: z.number() };
/** `likedBy`: the likes a published upcoming meal brings with it (absent for meals added directly). */
export const MealAdded = z.object({
  mealId: z.string(),
  ...mealFields,
  distributorEmail: z.string(),
  postTime: z.string(),
  likedBy: z.array(z.string()).optional(),
});
/** Only the fields that changed; likes and review counts are never among them. */
export const MealEdited = z.object({ mealId: z.string(), changes: z.object(mealFields).partial() });
export const MealDeleted = z.object({ mealId: z.string() });
export const MealLiked = z.object({ mealId: z.string(), userId: z.string() });
export const ReviewAdded = z.object({
  reviewId: z.string(),
  mealId: z.string(),
  mealTitle: z.string(),
  distributorName: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  review: z.string(),
  createdAt: z.string(),
});
export const ReviewDeleted = z.object({ reviewId: z.string(), mealId: z.string() });
const upcomingFields = { ...dishShape, distributorEmail: z.string() };
export const UpcomingMealAdded = z.object({ upcomingId: z.string(), ...upcomingFields, addedAt: z.string() });
/** `likes`: the count after this like. */
export const UpcomingMealLiked = z.object({ upcomingId: z.string(), userId: z.string(), likes: z.number().int() });
/** The like that reached the publish threshold: the projector's policy publishes the meal on it. */
export const UpcomingMealThresholdReached = z.object({ upcomingId: z.string(), likes: z.number().int() });
/** Out of the upcoming list, into the catalogue as `mealId` (with its likes). */
export const UpcomingMealPublished = z.object({ upcomingId: z.string(), mealId: z.string(), publishedAt: z.string() });
/**
 * A student asked for a meal. Name, email and badge come from their account, the meal's title and
 * distributor from the catalogue, at the time of asking. Stream `request-<userId>`: see mealRequestId.
 */
export const MealRequested = z.object({
  requestId: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  userBadge: z.enum(BADGES).nullable(),
  mealId: z.string(),
  mealTitle: z.string(),
  distributorName: z.string(),
  requestTime: z.string(),
});
/** An admin accepted the request: the kitchen is preparing it (Pending → Approved). `approvedBy`: the admin. */
export const MealRequestApproved = z.object({ requestId: z.string(), userId: z.string(), mealId: z.string(), approvedAt: z.string(), approvedBy: z.string() });
/** An admin handed the meal over (→ Delivered). `servedBy`: the admin (absent on events recorded before the serve queue named it; the metadata's actor says). */
export const MealRequestServed = z.object({
  requestId: z.string(),
  userId: z.string(),
  mealId: z.string(),
  servedAt: z.string(),
  servedBy: z.string().optional(),
});
/** An admin took back the last stage change, within the recall window: Delivered → Approved or Approved → Pending. */
export const MealRequestRecalled = z.object({
  requestId: z.string(),
  userId: z.string(),
  mealId: z.string(),
  from: z.enum(['Approved', 'Delivered']),
  to: z.enum(['Pending', 'Approved']),
  recalledAt: z.string(),
  recalledBy: z.string(),
});
/** The student withdrew the request (until it is Delivered; earlier history has some withdrawn after): it leaves every list. */
export const MealRequestCancelled = z.object({ requestId: z.string(), userId: z.string(), mealId: z.string() });
/** A membership was paid for: the amount and badge come from the package catalogue, never from the client. */
export const PaymentSucceeded = z.object({
  paymentId: z.string(),
  userId: z.string(),
  email: z.string(),
  package: z.string(),
  badge: z.enum(BADGES),
  amount: z.number().int(),
  currency: z.string(),
  price: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  providerRef: z.string(),
  paidAt: z.string(),
});

/**
 * A member's purchases of memberships, one stream per member (`membership-<userId>`): each purchase is
 * started there, at the stream's version, before any card is charged, so a member has one purchase
 * under way at a time; `paymentId` names the purchase and the payment it becomes (PaymentSucceeded).
 */
export const MembershipPurchaseStarted = z.object({
  userId: z.string(),
  paymentId: z.string(),
  package: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  startedAt: z.string(),
});
/** The provider has the payment but has not taken it yet (Stripe: 3-D Secure asked, or processing): its PaymentIntent. */
export const MembershipPurchaseAwaitingProvider = z.object({ userId: z.string(), paymentId: z.string(), paymentIntentId: z.string() });
/** The purchase's payment is recorded: the member may buy again. */
export const MembershipPurchaseCompleted = z.object({ userId: z.string(), paymentId: z.string() });
/**
 * Nothing was taken, and the member may buy again: the card was declined, the provider refused the
 * attempt, or the purchase was abandoned (left without an outcome past PURCHASE_TIMEOUT_MS, or
 * canceled at the provider). `message` is what the member was told.
 */
export const MembershipPurchaseFailed = z.object({
  userId: z.string(),
  paymentId: z.string(),
  reason: z.enum(['declined', 'refused', 'abandoned']),
  message: z.string(),
});

/**
 * The newsletter, one stream per address (`newsletter-<subscriptionId>`): a link to confirm was mailed
 * (its token's SHA-256 only, and when it expires), the owner confirmed (the unsubscribe link's hash is
 * kept), or they left by that link.
 */
export const NewsletterSubscriptionRequested = z.object({
  subscriptionId: z.string(),
  email: z.string(),
  tokenHash: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export const NewsletterSubscriptionConfirmed = z.object({ subscriptionId: z.string(), email: z.string(), unsubscribeTokenHash: z.string() });
export const NewsletterUnsubscribed = z.object({ subscriptionId: z.string(), email: z.string() });

/** Someone exported part of the audit trail: who (the actor), in which format, with which filter. The trail audits its readers. */
export const AuditExported = z.object({ exportId: z.string(), format: z.enum(['ndjson', 'csv']), filter: z.record(z.string(), z.string()) });

export const eventSchemas = {
  AuditExported,
  UserRegistered,
  UserPasswordSet,
  UserIdentityLinked,
  UserProfileUpdated,
  UserPromotedToAdmin,
  UserMadeAuditor,
  UserBadgeGranted,
  UserEmailVerificationSent,
  UserEmailVerified,
  UserPasswordResetSent,
  UserPasswordReset,
  UserPasswordCleared,
  MealAdded,
  MealEdited,
  MealDeleted,
  MealLiked,
  ReviewAdded,
  ReviewDeleted,
  PaymentSucceeded,
  MembershipPurchaseStarted,
  MembershipPurchaseAwaitingProvider,
  MembershipPurchaseCompleted,
  MembershipPurchaseFailed,
  MealRequested,
  MealRequestApproved,
  MealRequestServed,
  MealRequestRecalled,
  MealRequestCancelled,
  UpcomingMealAdded,
  UpcomingMealLiked,
  UpcomingMealThresholdReached,
  UpcomingMealPublished,
  NewsletterSubscriptionRequested,
  NewsletterSubscriptionConfirmed,
  NewsletterUnsubscribed,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A domain event as deciders produce it: a type and its data. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** Metadata every stored event carries. */
export const EventMetadata = z.object({
  eventId: z.string(),
  actor: z.string(),
  correlationId: z.string(),
  causationId: z.string(),
  occurredAt: z.string(),
  schemaVersion: z.number().int(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** Stream categories we own; subscriptions are filtered to these. */
export const STREAM_CATEGORIES = ['user', 'meal', 'like', 'upcoming', 'request', 'payment', 'membership', 'review', 'export', 'newsletter'] as const;
export type StreamCategory = (typeof STREAM_CATEGORIES)[number];
export const streamName = (category: StreamCategory, id: string) => `${category}-${id}`;
