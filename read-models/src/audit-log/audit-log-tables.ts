/** The audit log's name: its projection and checkpoint, what audit routes wait for (`config.reads`), what `npm run rebuild` takes. */
export const AUDIT_LOG = 'audit-log';

/**
 * Every event of the log, in commit order, with who, why and when, its data as today's schema reads
 * it (secrets redacted), and the ledger's chain hash up to it.
 */
export interface AuditEventsTable {
  position_a: string;
  position_b: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  type: string;
  occurred_at: Date;
  /** A user id, or 'system' for a policy's command. */
  actor_id: string;
  correlation_id: string;
  causation_id: string;
  schema_version: number;
  data: unknown;
  /** The stored shape, when an upcaster changed it (else null). */
  stored_data: unknown;
  /** Hex SHA-256 of the previous hash and this event's canonical JSON. */
  hash: string;
  /** Which version of its subject (contracts' auditSubjectOf) it is, from 1; null for an event of no entity. */
  subject_version: number | null;
}

/** Which entities an event mentions: the index of every timeline (a meal's likes live in other streams too). */
export interface AuditEntityRefsTable {
  entity_type: string;
  entity_id: string;
  position_a: string;
  position_b: string;
}

/** Every entity the log has events of: how many versions it has, and its name and email as they are now (what the search box finds). */
export interface AuditEntitiesTable {
  entity_type: string;
  entity_id: string;
  versions: number;
  name: string | null;
  email: string | null;
}

/** Every name an entity had, from the event that gave it: an event reads the names as they were at its position. */
export interface AuditNamesTable {
  entity_type: string;
  entity_id: string;
  position_a: string;
  position_b: string;
  name: string;
  email: string | null;
}

/**
 * The ledger's head as read-api signed it now and then (a digest kept in the database): written by
 * read-api, never by the projection, so a rebuild of the audit log leaves them as they were, and
 * `audit:verify` finds a log edited since, even when its ledger was recomputed from it.
 */
export interface AuditCheckpointsTable {
  position_a: string;
  position_b: string;
  hash: string;
  signed_at: Date;
  kid: string;
  signature: string;
  /** Its place in read-api's chain of checkpoints, from 1 (unique); null for one signed before they were chained. */
  seq: string | null;
  /** The checkpoint before it in the chain (null for the first, and for one signed before they were chained). */
  previous_position_a: string | null;
  previous_position_b: string | null;
  previous_hash: string | null;
}

export interface AuditLogTables {
  audit_events: AuditEventsTable;
  audit_entity_refs: AuditEntityRefsTable;
  audit_entities: AuditEntitiesTable;
  audit_names: AuditNamesTable;
  audit_checkpoints: AuditCheckpointsTable;
}
