import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** Command-side tables that are not events: signing keys, refresh sessions, uploaded images. Frozen in time. */
export const commandApiMigrations: Record<string, Migration> = {
  '2026-11-21-auth-and-media': {
    async up(db: Kysely<any>) {
      await sql`
        create table if not exists auth_signing_keys (
          kid text primary key,
          jwk jsonb not null,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`
        create table if not exists auth_refresh_tokens (
          token_hash text primary key,
          user_id text not null,
          family_id uuid not null,
          expires_at timestamptz not null,
          revoked_at timestamptz
        )`.execute(db);
      await sql`create index if not exists auth_refresh_tokens_family on auth_refresh_tokens (family_id)`.execute(db);
      await sql`
        create table if not exists media (
          id uuid primary key,
          content_type text not null,
          bytes bytea not null,
          width integer not null,
          height integer not null,
          uploaded_by text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '2026-11-23-media-retention': {
    async up(db: Kysely<any>) {
      // An image some event refers to is kept for good; one no event refers to goes after a grace period.
      await sql`alter table media add column referenced boolean not null default false`.execute(db);
      // Set when a command is about to refer to the image: the grace period starts again from there.
      await sql`alter table media add column last_used_at timestamptz`.execute(db);
      await sql`create index media_unreferenced on media (created_at) where referenced = false`.execute(db);
      await sql`create index media_uploaded_by on media (uploaded_by, created_at)`.execute(db);
      // How far the sweep has read the event log for references (a position, `<a>/<b>`).
      await sql`create table media_sweep (name text primary key, position text not null)`.execute(db);
    },
  },
  '2026-12-02-media-quota-per-address': {
    async up(db: Kysely<any>) {
      // The address an image came from (as rate limits see it), for the per-address quota; forgotten by the sweep after a day.
      await sql`alter table media add column uploaded_from text`.execute(db);
      await sql`create index media_uploaded_from on media (uploaded_from, created_at) where uploaded_from is not null`.execute(db);
    },
  },
};

/** The command side's own tables, as kysely sees them. */
export interface CommandTables {
  auth_signing_keys: { kid: string; jwk: unknown; created_at?: Date };
  auth_refresh_tokens: { token_hash: string; user_id: string; family_id: string; expires_at: Date; revoked_at: Date | null };
  media: {
    id: string;
    content_type: string;
    bytes: Buffer;
    width: number;
    height: number;
    uploaded_by: string;
    uploaded_from?: string | null;
    created_at?: Date;
    referenced?: boolean;
    last_used_at?: Date | null;
  };
  media_sweep: { name: string; position: string };
}
