import type { MigrationSteps } from '../migrations';

/** The audit log's tables, by the migration each step belongs to. Frozen in time: never import app code here. */
export const auditLogMigrations: MigrationSteps = {
  '2026-11-24-audit-log': [
    `create table audit_events (
      position_a bigint not null,
      position_b bigint not null,
      stream_id text not null,
      stream_version bigint not null,
      event_id text not null,
      type text not null,
      occurred_at timestamptz not null,
      actor_id text not null,
      correlation_id text not null,
      causation_id text not null,
      schema_version integer not null,
      data jsonb not null,
      stored_data jsonb,
      hash text not null,
      primary key (position_a, position_b)
    )`,
    // Search: by who, by what, by request, by time; each in commit order.
    'create index audit_events_by_actor on audit_events (actor_id, position_a, position_b)',
    'create index audit_events_by_type on audit_events (type, position_a, position_b)',
    'create index audit_events_by_correlation on audit_events (correlation_id, position_a, position_b)',
    'create index audit_events_by_time on audit_events (occurred_at, position_a, position_b)',
    'create index audit_events_by_stream on audit_events (stream_id, stream_version)',
    `create table audit_entity_refs (
      entity_type text not null,
      entity_id text not null,
      position_a bigint not null,
      position_b bigint not null,
      primary key (entity_type, entity_id, position_a, position_b)
    )`,
    'create index audit_entity_refs_by_id on audit_entity_refs (entity_id, position_a, position_b)',
    `create table audit_signing_keys (
      kid text primary key,
      private_jwk jsonb not null,
      created_at timestamptz not null default now()
    )`,
  ],
};
