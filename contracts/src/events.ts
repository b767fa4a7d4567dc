import { z } from 'zod';
import { BADGES, ROLES } from './constants';

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
export const UserPromotedToAdmin = z.object({ userId: z.string() });
export const UserBadgeGranted = z.object({ userId: z.string(), badge: z.enum(BADGES) });

export const eventSchemas = {
  UserRegistered,
  UserPasswordSet,
  UserIdentityLinked,
  UserProfileUpdated,
  UserPromotedToAdmin,
  UserBadgeGranted,
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
export const STREAM_CATEGORIES = ['user', 'meal', 'upcoming', 'request', 'payment', 'review'] as const;
export type StreamCategory = (typeof STREAM_CATEGORIES)[number];
export const streamName = (category: StreamCategory, id: string) => `${category}-${id}`;
