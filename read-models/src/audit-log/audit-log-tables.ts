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
}

/** Which entities an event mentions: the index of every timeline (a meal's likes live in other streams too). */
export interface AuditEntityRefsTable {
  entity_type: string;
  entity_id: string;
  position_a: string;
  position_b: string;
}

/** The Ed25519 key digests are signed with: created once, kept, published (public half) at /api/audit/keys. */
export interface AuditSigningKeysTable {
  kid: string;
  private_jwk: unknown;
  created_at?: Date;
}

export interface AuditLogTables {
  audit_events: AuditEventsTable;
  audit_entity_refs: AuditEntityRefsTable;
  audit_signing_keys: AuditSigningKeysTable;
}
