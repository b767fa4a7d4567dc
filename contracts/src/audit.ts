import { z } from 'zod';
import type { EventType } from './events';
import { text } from './text';

/**
 * The audit trail's HTTP contract (admins and auditors; others 403, visitors 401). Every list is
 * keyset-paged by position: `after=<position>` (exclusive) and `limit=`, never an offset; the answer's
 * `next` is the `after` of the following page (absent on the last).
 *
 * - `GET /api/audit/{entity}/{id}` → {@link AuditPage}: the events that mention the entity, those of
 *   its own stream and those of other streams (a meal's likes and reviews, a user's payments and
 *   badges), in commit order (`order=desc`: newest first).
 * - An entity's *versions* are its own events (see {@link AUDIT_SUBJECTS}), numbered from 1 in commit
 *   order, whatever stream holds them: a student's requests share one stream, yet each request's
 *   versions are its own events alone; a meal's likes and reviews, each in a stream of its own, are
 *   versions of the meal.
 * - `GET /api/audit/{entity}/{id}/state?at=<ISO time>|version=<n>` → {@link AuditState} (meals,
 *   upcoming, requests, users, payments): folded from its own events with the command side's own
 *   `evolve`, with the event that made that version; 404 before the first.
 * - `GET /api/audit/{entity}/{id}/diff?from=<version>&to=<version>` → {@link AuditDiff}: field-level
 *   changes between any two versions (0: before the first), and each event's own.
 * - `GET /api/audit/entities?q=` → {@link AuditEntitySearch}: meals, upcoming meals and people by
 *   name or email, by prefix or spelled roughly.
 * - `GET /api/audit/events?actor=&type=&entity=&from=&to=&after=&limit=&order=` → {@link AuditPage}: search.
 * - `GET /api/audit/correlations/{id}` → {@link AuditPage}: every event one request caused.
 * - `GET /api/audit/payments?email=` → {@link PaymentTrail}[].
 * - `GET /api/audit/export?format=ndjson|csv&…search filters` → a stream, one event a line with its
 *   chain hash; the export itself is recorded (AuditExported).
 * - `GET /api/audit/digest` → {@link AuditDigest}; `GET /api/audit/keys` (public) → the keys digests are signed with.
 * - Live: admins and auditors are in the room `audit`, told `changed {resource: 'audit'}` as events land.
 *
 * Password hashes, mailed-link tokens and sessions never appear: such fields read '[redacted]'.
 */

/** The kinds of entity the audit indexes events by. */
export const AUDIT_ENTITIES = ['meals', 'upcoming', 'requests', 'users', 'payments'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * Which entity each kind of event is about (its subject), and the data field naming it: the events
 * that make an entity's versions. An event names other entities too (a like names its student, a
 * badge the payment that bought it), but is a version of its subject alone.
 */
export const AUDIT_SUBJECTS = {
  meals: { key: 'mealId', types: ['MealAdded', 'MealEdited', 'MealDeleted', 'MealLiked', 'ReviewAdded', 'ReviewDeleted'] },
  upcoming: { key: 'upcomingId', types: ['UpcomingMealAdded', 'UpcomingMealLiked', 'UpcomingMealThresholdReached', 'UpcomingMealPublished'] },
  requests: { key: 'requestId', types: ['MealRequested', 'MealRequestApproved', 'MealRequestServed', 'MealRequestRecalled', 'MealRequestCancelled'] },
  users: {
    key: 'userId',
    types: [
      'UserRegistered',
      'UserPasswordSet',
      'UserIdentityLinked',
      'UserProfileUpdated',
      'UserPromotedToAdmin',
      'UserMadeAuditor',
      'UserBadgeGranted',
      'UserEmailVerificationSent',
      'UserEmailVerified',
      'UserPasswordResetSent',
      'UserPasswordReset',
      'UserPasswordCleared',
    ],
  },
  payments: { key: 'paymentId', types: ['PaymentSucceeded'] },
} as const satisfies Record<AuditEntity, { key: string; types: readonly EventType[] }>;

/**
 * The events that are a version of no entity: an audit export, the steps of a purchase under way (the
 * payment it ends in, PaymentSucceeded, is the version), and the newsletter's.
 */
export const AUDIT_SUBJECTLESS = [
  'AuditExported',
  'MembershipPurchaseStarted',
  'MembershipPurchaseAwaitingProvider',
  'MembershipPurchaseCompleted',
  'MembershipPurchaseFailed',
  'NewsletterSubscriptionRequested',
  'NewsletterSubscriptionConfirmed',
  'NewsletterUnsubscribed',
] as const satisfies readonly EventType[];

type Placed = (typeof AUDIT_SUBJECTS)[AuditEntity]['types'][number] | (typeof AUDIT_SUBJECTLESS)[number];
// Every event type of the catalogue is placed, a version of one entity or of none: an event type added to
// contracts fails to compile here ("Property '<type>' is missing") until AUDIT_SUBJECTS or AUDIT_SUBJECTLESS names it.
const _everyEventPlaced: Record<Exclude<EventType, Placed>, never> = {};

const subjectKinds = new Map<string, AuditEntity>(AUDIT_ENTITIES.flatMap((entity) => AUDIT_SUBJECTS[entity].types.map((type) => [type, entity] as const)));

/** The entity an event is a version of, if any (an export or a newsletter event is of none). */
export function auditSubjectOf(type: string, data: Record<string, unknown>): { entity: AuditEntity; id: string } | undefined {
  const entity = subjectKinds.get(type);
  const id = entity && data[AUDIT_SUBJECTS[entity].key];
  return entity && typeof id === 'string' ? { entity, id } : undefined;
}

/** The key an entity goes by in an event's `names`: `meals:<id>`. */
export const auditKey = (entity: AuditEntity, id: string) => `${entity}:${id}`;

/** A name an event gives its subject: a person's on registering or changing it, a meal's title, a payment's plan and price. */
export interface AuditNaming {
  entity: AuditEntity;
  id: string;
  name: string;
  /** A person's, or a payer's; absent: the entity keeps the one it has. */
  email?: string;
}

/** The names an event gives (most give none); the audit log keeps each from the event's position on. */
export function auditNamingsOf(type: string, data: Record<string, unknown>): AuditNaming[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const named = (entity: AuditEntity, key: string, name: unknown, email?: unknown): AuditNaming[] => {
    const [id, title, address] = [text(data[key]), text(name), text(email)];
    return id && title !== undefined ? [{ entity, id, name: title, ...(address === undefined ? {} : { email: address }) }] : [];
  };
  switch (type) {
    case 'UserRegistered':
      return named('users', 'userId', data.name, data.email);
    case 'UserProfileUpdated':
      return named('users', 'userId', data.name);
    case 'MealAdded':
      return named('meals', 'mealId', data.title);
    case 'MealEdited':
      return named('meals', 'mealId', (data.changes as Record<string, unknown> | undefined)?.title);
    case 'UpcomingMealAdded':
      return named('upcoming', 'upcomingId', data.title);
    case 'PaymentSucceeded':
      return named('payments', 'paymentId', `${text(data.package)} (${text(data.price)})`, data.email);
    default:
      return [];
  }
}

/** A position in the log, as the API writes it: `<commit>/<prepare>` (two integers). */
const position = text('Position').regex(/^\d{1,19}\/\d{1,19}$/, 'A position looks like 1234/1234');

export const AuditEntityParams = z.object({
  entity: z.enum(AUDIT_ENTITIES, { error: 'Unknown entity: meals, upcoming, requests, users or payments' }),
  id: text('Id').min(1).max(200),
});

const limit = z
  .string()
  .regex(/^\d{1,4}$/, 'limit must be a number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'limit must be at least 1').max(500, 'limit must be at most 500'))
  .optional();
const instant = text('Time')
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Times look like 2026-11-23T18:00:00Z')
  .transform((value) => new Date(value));

export const AuditPageQuery = z.object({
  after: position.optional(),
  limit,
  /** Commit order (`asc`, the default) or newest first (`desc`); `after` reads on in the same order. */
  order: z.enum(['asc', 'desc'], { error: 'order is asc or desc' }).optional(),
});
export type AuditPageQuery = z.infer<typeof AuditPageQuery>;

/** What a search of the log filters by, every one optional; `actor` is an email or a user id ('system' for policies). */
const auditFilter = {
  actor: text('actor').trim().max(254).optional(),
  type: text('type').trim().max(100).optional(),
  /** `<entity>:<id>` (meals:…, users:…) or a bare id of any entity. */
  entity: text('entity').trim().max(220).optional(),
  from: instant.optional(),
  to: instant.optional(),
};

/** `GET /api/audit/events`: a page of what the filter finds, after `after`; or, with `newest=true`, its newest `limit` events (in commit order, as a live tail opens on). */
export const AuditSearchQuery = AuditPageQuery.extend({
  ...auditFilter,
  newest: z.enum(['true', 'false'], { error: 'newest is true or false' }).optional(),
})
  .refine((query) => !(query.newest === 'true' && query.after), { error: 'newest and after do not go together', path: ['newest'] })
  .refine((query) => !(query.newest === 'true' && query.order), { error: 'newest and order do not go together', path: ['newest'] });
export type AuditSearchQuery = z.infer<typeof AuditSearchQuery>;

export const AuditExportQuery = z.object({
  ...auditFilter,
  format: z.enum(['ndjson', 'csv'], { error: 'format is ndjson or csv' }).default('ndjson'),
});
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/** `GET /api/audit/export-link`: the export's query; a key it does not know is a mistake to report, not to drop. */
export const AuditExportLinkQuery = z.strictObject({ ...AuditExportQuery.shape });

export const AuditStateQuery = z
  .object({
    at: instant.optional(),
    version: z
      .string()
      .regex(/^\d{1,9}$/, 'version must be a number')
      .transform(Number)
      .pipe(z.number().min(1, 'Versions start at 1'))
      .optional(),
  })
  .refine((query) => query.at === undefined || query.version === undefined, 'Ask for a time or a version, not both');

export const AuditDiffQuery = z
  .object({
    from: z
      .string()
      .regex(/^\d{1,9}$/, 'from must be a version number')
      .transform(Number),
    to: z
      .string()
      .regex(/^\d{1,9}$/, 'to must be a version number')
      .transform(Number),
  })
  .refine((query) => query.from <= query.to, 'from must not be after to');

/** Who did it: a person, or a policy of the system. */
export const AuditActor = z.union([z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }), z.literal('system')]);

/** How an entity was named: a meal's or upcoming meal's title, a person's name and email, a payment's plan and price. */
export const AuditName = z.object({ name: z.string(), email: z.string().optional() });
export type AuditName = z.infer<typeof AuditName>;

/** One event as the audit shows it. */
export const AuditEvent = z.object({
  position: z.string(),
  stream: z.string(),
  version: z.number(),
  type: z.string(),
  occurredAt: z.string(),
  actor: AuditActor,
  correlationId: z.string(),
  causationId: z.string(),
  /** The schema version it was stored at; `storedData` holds the stored shape when it differs from `data` (today's). */
  schemaVersion: z.number(),
  data: z.record(z.string(), z.unknown()),
  storedData: z.record(z.string(), z.unknown()).optional(),
  /** The ledger's chain hash up to and including this event (hex SHA-256). */
  hash: z.string(),
  /**
   * How the people and things it mentions (and its actor, `users:<id>`) were named when it happened,
   * by `auditKey`. `actor` names the actor as they are named now. A reading aid: exports leave it out.
   */
  names: z.record(z.string(), AuditName).optional(),
  /** The entity it is a version of, and which version (exports leave it out). */
  subject: z.object({ entity: z.enum(AUDIT_ENTITIES), id: z.string(), version: z.number() }).optional(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditPage = z.object({ events: z.array(AuditEvent), next: z.string().optional() });
export type AuditPage = z.infer<typeof AuditPage>;

/** An entity as it stood at a version (of `versions`, its latest): folded from its own events up to the one that made it, `event`. */
export const AuditState = z.object({
  version: z.number(),
  versions: z.number(),
  /** When `event` happened. */
  at: z.string(),
  event: AuditEvent,
  state: z.record(z.string(), z.unknown()),
});
export type AuditState = z.infer<typeof AuditState>;

/** One field's change: a value replaced, or list elements added and removed. */
export const FieldChange = z.union([
  z.object({ field: z.string(), from: z.unknown(), to: z.unknown() }),
  z.object({ field: z.string(), added: z.array(z.unknown()), removed: z.array(z.unknown()) }),
]);
export type FieldChange = z.infer<typeof FieldChange>;

export const AuditDiff = z.object({
  from: z.number(),
  to: z.number(),
  /** What differs between the two versions. */
  changes: z.array(FieldChange),
  /** Each event after `from` up to `to` (the first AUDIT_DIFF_STEPS of them), with what it changed; its actor as named then. */
  steps: z.array(z.object({ version: z.number(), type: z.string(), occurredAt: z.string(), actor: AuditActor, changes: z.array(FieldChange) })),
  /** Events beyond the steps listed, when there are more than AUDIT_DIFF_STEPS. */
  moreSteps: z.number().optional(),
});
export type AuditDiff = z.infer<typeof AuditDiff>;
/** At most this many steps in a diff: a meal's thousand likes are summed up in `changes`. */
export const AUDIT_DIFF_STEPS = 100;

/** `GET /api/audit/entities?q=`: what the search box looks for, a name or an email, whole or begun or roughly spelled. */
export const AuditEntitySearchQuery = z.object({
  q: text('q').trim().min(1, 'Type a name or an email').max(100, 'At most 100 characters'),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, 'limit must be a number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'limit must be at least 1').max(50, 'limit must be at most 50'))
    .optional(),
});
/** Meals, upcoming meals and people, best match first, each named as it is now. */
export const AuditEntitySearch = z.object({
  entities: z.array(z.object({ entity: z.enum(AUDIT_ENTITIES), id: z.string(), name: z.string(), email: z.string().optional(), versions: z.number() })),
});
export type AuditEntitySearch = z.infer<typeof AuditEntitySearch>;

/** A payment with what it caused: amounts in minor units and as shown, the provider's reference, the badge events. */
export const PaymentTrail = z.object({
  paymentId: z.string(),
  email: z.string(),
  package: z.string(),
  amount: z.number(),
  currency: z.string(),
  price: z.string(),
  providerRef: z.string(),
  paidAt: z.string(),
  events: z.array(AuditEvent),
});
export type PaymentTrail = z.infer<typeof PaymentTrail>;

/** The ledger's head, signed: keep one, and `npm run audit:verify -- --digest FILE` proves nothing before it changed. */
export const AuditDigest = z.object({
  position: z.string(),
  hash: z.string(),
  signedAt: z.string(),
  /**
   * Which of read-api's checkpoints this is, from 1: each names the one before it (`previous`, null for
   * the first), so a checkpoint deleted from the database leaves a gap `audit:verify` finds. Absent on a
   * digest signed alone (`audit:verify --save-digest`, or a checkpoint signed before they were chained).
   */
  seq: z.number().int().positive().optional(),
  previous: z.object({ position: z.string(), hash: z.string() }).nullable().optional(),
  /**
   * Ed25519 over the RFC 8785 canonical JSON of {position, hash, signedAt}, and `seq` and `previous` when
   * it has them, base64url; `kid` names the key.
   */
  signature: z.string(),
  kid: z.string(),
});
export type AuditDigest = z.infer<typeof AuditDigest>;

/** `GET /api/audit/keys`: the public keys digests are signed with (JWK, Ed25519). */
export const AuditKeysAnswer = z.object({ keys: z.array(z.looseObject({ kid: z.string(), kty: z.string() })) });

/** `GET /api/audit/export-link`: a link that downloads the export asked for, good for one download within a minute. */
export const AuditExportLink = z.object({
  url: z.string().describe('GET it once (no token needed) within a minute: the export streams as a file'),
  expiresAt: z.string(),
});
export type AuditExportLink = z.infer<typeof AuditExportLink>;

/** `GET /api/audit/export`: ndjson or csv, one event a line, each with its chain hash (streamed). */
export const AuditExportLines = z.string().describe('ndjson or csv: one event a line, each with its chain hash');
