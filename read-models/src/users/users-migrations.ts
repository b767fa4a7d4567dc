import type { MigrationSteps } from '../migrations';

/** The users table, by the migration each step belongs to. Frozen in time: never import app code here. */
export const usersMigrations: MigrationSteps = {
  '2026-11-21-checkpoints-and-users': [
    'create extension if not exists pg_trgm',
    `create table if not exists users (
        id text primary key,
        name text not null,
        email text not null unique,
        photo text not null,
        role text not null,
        badge text,
        registered_at timestamptz not null
      )`,
    // Manage Users searches by name or email with a substring match.
    'create index if not exists users_name_trgm on users using gin (name gin_trgm_ops)',
    'create index if not exists users_email_trgm on users using gin (email gin_trgm_ops)',
  ],
};
