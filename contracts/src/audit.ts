import { z } from 'zod';
import { text } from './text';

/**
 * The audit trail's HTTP contract (admins and auditors; others 403, visitors 401). Every list is
 * keyset-paged by position: `after=<position>` (exclusive) and `limit=`, never an offset; the answer's
 * `next` is the `after` of the following page (absent on the last).
 *
 * - `GET /api/audit/{entity}/{id}` → {@link AuditPage}: the entity's events in commit order, those of
 *   its own stream and those of other streams that mention it (a meal's likes and reviews, a user's
 *   payments and badges).
 * - `GET /api/audit/{entity}/{id}/state?at=<ISO time>|version=<n>` → {@link AuditState} (meals,
 *   upcoming, requests, users, payments): folded with the command side's own `evolve`; 404 before the
 *   first event.
 * - `GET /api/audit/{entity}/{id}/diff?from=<version>&to=<version>` → {@link AuditDiff}: field-level
 *   changes between two versions of the entity's own stream, each attributed to its event.
 * - `GET /api/audit/events?actor=&type=&entity=&from=&to=&after=&limit=` → {@link AuditPage}: search.
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

export const AuditPageQuery = z.object({ after: position.optional(), limit });
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
}).refine((query) => !(query.newest === 'true' && query.after), { error: 'newest and after do not go together', path: ['newest'] });
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

/** Who did it: a person (as they are named now), or a policy of the system. */
export const AuditActor = z.union([z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }), z.literal('system')]);

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
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditPage = z.object({ events: z.array(AuditEvent), next: z.string().optional() });
export type AuditPage = z.infer<typeof AuditPage>;

/** An entity as it stood at a moment: its state folded from its own stream up to `version`. */
export const AuditState = z.object({ stream: z.string(), version: z.number(), at: z.string(), state: z.record(z.string(), z.unknown()) });
export type AuditState = z.infer<typeof AuditState>;

/** One field's change: a value replaced, or list elements added and removed. */
export const FieldChange = z.union([
  z.object({ field: z.string(), from: z.unknown(), to: z.unknown() }),
  z.object({ field: z.string(), added: z.array(z.unknown()), removed: z.array(z.unknown()) }),
]);
export type FieldChange = z.infer<typeof FieldChange>;

export const AuditDiff = z.object({
  stream: z.string(),
  from: z.number(),
  to: z.number(),
  /** Each event after `from` up to `to`, with what it changed. */
  steps: z.array(z.object({ version: z.number(), type: z.string(), occurredAt: z.string(), actor: AuditActor, changes: z.array(FieldChange) })),
});
export type AuditDiff = z.infer<typeof AuditDiff>;

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
  /** Ed25519 over the RFC 8785 canonical JSON of {position, hash, signedAt}, base64url; `kid` names the key. */
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
