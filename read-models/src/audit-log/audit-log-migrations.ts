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
  // Each event's place among its subject's versions; each entity's versions, name and email now (the
  // search box's, by trigram); every name an entity had. Filled for the events already recorded, as the
  // projection does for new ones (which event kinds make whose versions: contracts' AUDIT_SUBJECTS then).
  '2026-11-27-audit-entities': [
    'alter table audit_events add column subject_version integer',
    `create table audit_entities (
      entity_type text not null,
      entity_id text not null,
      versions integer not null,
      name text,
      email text,
      primary key (entity_type, entity_id)
    )`,
    // (pg_trgm came with the users' migration, 2026-11-21, which runs first.)
    'create index audit_entities_name_trgm on audit_entities using gin (name gin_trgm_ops)',
    'create index audit_entities_email_trgm on audit_entities using gin (email gin_trgm_ops)',
    `create table audit_names (
      entity_type text not null,
      entity_id text not null,
      position_a bigint not null,
      position_b bigint not null,
      name text not null,
      email text,
      primary key (entity_type, entity_id, position_a, position_b)
    )`,
    `create temporary table audit_subjects as
      select r.entity_type, r.entity_id, r.position_a, r.position_b,
        row_number() over (partition by r.entity_type, r.entity_id order by r.position_a, r.position_b)::integer as version
      from audit_entity_refs r
      join audit_events e on e.position_a = r.position_a and e.position_b = r.position_b
      join (values
        ('meals', 'MealAdded'), ('meals', 'MealEdited'), ('meals', 'MealDeleted'), ('meals', 'MealLiked'), ('meals', 'ReviewAdded'), ('meals', 'ReviewDeleted'),
        ('upcoming', 'UpcomingMealAdded'), ('upcoming', 'UpcomingMealLiked'), ('upcoming', 'UpcomingMealThresholdReached'), ('upcoming', 'UpcomingMealPublished'),
        ('requests', 'MealRequested'), ('requests', 'MealRequestApproved'), ('requests', 'MealRequestServed'), ('requests', 'MealRequestRecalled'),
        ('requests', 'MealRequestCancelled'),
        ('users', 'UserRegistered'), ('users', 'UserPasswordSet'), ('users', 'UserIdentityLinked'), ('users', 'UserProfileUpdated'),
        ('users', 'UserPromotedToAdmin'), ('users', 'UserMadeAuditor'), ('users', 'UserBadgeGranted'), ('users', 'UserEmailVerificationSent'),
        ('users', 'UserEmailVerified'), ('users', 'UserPasswordResetSent'), ('users', 'UserPasswordReset'), ('users', 'UserPasswordCleared'),
        ('payments', 'PaymentSucceeded')
      ) as own(entity_type, type) on own.entity_type = r.entity_type and own.type = e.type`,
    `update audit_events e set subject_version = s.version
      from audit_subjects s where e.position_a = s.position_a and e.position_b = s.position_b`,
    `insert into audit_names (entity_type, entity_id, position_a, position_b, name, email)
      select 'users', e.data->>'userId', e.position_a, e.position_b, e.data->>'name', r.data->>'email'
        from audit_events e left join audit_events r on r.type = 'UserRegistered' and r.data->>'userId' = e.data->>'userId'
        where e.type in ('UserRegistered', 'UserProfileUpdated')
      union all
      select 'meals', data->>'mealId', position_a, position_b, data->>'title', null from audit_events where type = 'MealAdded'
      union all
      select 'meals', data->>'mealId', position_a, position_b, data->'changes'->>'title', null
        from audit_events where type = 'MealEdited' and jsonb_typeof(data->'changes'->'title') = 'string'
      union all
      select 'upcoming', data->>'upcomingId', position_a, position_b, data->>'title', null from audit_events where type = 'UpcomingMealAdded'
      union all
      select 'payments', data->>'paymentId', position_a, position_b, concat(data->>'package', ' (', data->>'price', ')'), data->>'email'
        from audit_events where type = 'PaymentSucceeded'`,
    `insert into audit_entities (entity_type, entity_id, versions, name, email)
      select v.entity_type, v.entity_id, v.versions, n.name, n.email
      from (select entity_type, entity_id, max(version) as versions from audit_subjects group by entity_type, entity_id) v
      left join lateral (
        select h.name, h.email from audit_names h where h.entity_type = v.entity_type and h.entity_id = v.entity_id
        order by h.position_a desc, h.position_b desc limit 1
      ) n on true`,
    'drop table audit_subjects',
  ],
  // Named to sort after 2026-11-27-request-tickets, which databases ran before it (kysely runs migrations in name order).
  '2026-11-27-signed-audit-checkpoints': [
    // The key lived here, beside what it vouches for: it now lives outside the database (read-api's
    // AUDIT_SIGNING_KEY, or a file beside the embedded data). A digest it signed is still checked by its hash.
    'drop table audit_signing_keys',
    // The ledger's head, signed now and then: not part of the projection (a rebuild keeps them), so a log
    // edited and its ledger recomputed no longer matches what was signed.
    `create table audit_checkpoints (
      position_a bigint not null,
      position_b bigint not null,
      hash text not null,
      signed_at timestamptz not null,
      kid text not null,
      signature text not null,
      primary key (position_a, position_b)
    )`,
  ],
  // Named to sort after the step above. Each checkpoint names the one before it, under its signature: a
  // checkpoint deleted leaves a gap in the numbers and a dangling link. The ones signed before keep nulls.
  '2026-11-27-signed-audit-checkpoints-chained': [
    'alter table audit_checkpoints add column seq bigint, add column previous_position_a bigint, add column previous_position_b bigint, add column previous_hash text',
    'create unique index audit_checkpoints_seq on audit_checkpoints (seq)',
  ],
};
