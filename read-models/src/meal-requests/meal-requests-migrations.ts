import type { MigrationSteps } from '../migrations';

/** The meal_requests table, by the migration each step belongs to. Frozen in time: never import app code here. */
export const mealRequestsMigrations: MigrationSteps = {
  '2026-11-23-meal-requests': [
    `create table meal_requests (
        id text primary key,
        user_id text not null,
        user_email text not null,
        user_name text not null,
        user_badge text,
        meal_id text not null,
        meal_title text not null,
        distributor_name text not null,
        status text not null,
        request_time timestamptz not null,
        served_at timestamptz
      )`,
    // My Requested Meals (and the meal page): one student's, newest first.
    'create index meal_requests_by_user on meal_requests (lower(user_email), request_time desc, id desc)',
    // Serve Meals: everyone's, newest first, searched by a substring of the email or name
    // (gin_trgm_ops: pg_trgm came with the users' migration, 2026-11-21, which runs first).
    'create index meal_requests_newest on meal_requests (request_time desc, id desc)',
    'create index meal_requests_email_trgm on meal_requests using gin (user_email gin_trgm_ops)',
    'create index meal_requests_name_trgm on meal_requests using gin (user_name gin_trgm_ops)',
  ],
  // The kitchen's stages: when each request was approved, and when it was last moved on while that
  // move may still be recalled (the queue answers until when). Earlier rows: moved on when served.
  '2026-11-26-serve-stages': [
    'alter table meal_requests add column approved_at timestamptz, add column advanced_at timestamptz',
    'update meal_requests set advanced_at = served_at',
    // The queue screen: what is still to do, oldest first; and today's deliveries (counts, waiting times).
    "create index meal_requests_queue on meal_requests (request_time, id) where status <> 'Delivered'",
    'create index meal_requests_served on meal_requests (served_at) where served_at is not null',
  ],
  // The kitchen's ticket numbers: each request's place among the day's (cancelled ones kept).
  '2026-11-27-request-tickets': [
    'create table meal_request_tickets (id text primary key, request_time timestamptz not null)',
    'create index meal_request_tickets_by_time on meal_request_tickets (request_time, id)',
    'insert into meal_request_tickets (id, request_time) select id, request_time from meal_requests',
  ],
};
