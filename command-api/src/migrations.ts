import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** Command-side tables that are not events: signing keys, refresh sessions, uploaded images. Frozen in time. */
export const commandApiMigrations: Record<string, Migration> = {
  '2026-11-21-auth-and-media': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('auth_signing_keys')
        .ifNotExists()
        .addColumn('kid', 'text', (column) => column.primaryKey())
        .addColumn('jwk', 'jsonb', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('auth_refresh_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('family_id', 'uuid', (column) => column.notNull())
        .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('auth_refresh_tokens_family').ifNotExists().on('auth_refresh_tokens').column('family_id').execute();
      await db.schema
        .createTable('media')
        .ifNotExists()
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('content_type', 'text', (column) => column.notNull())
        .addColumn('bytes', 'bytea', (column) => column.notNull())
        .addColumn('width', 'integer', (column) => column.notNull())
        .addColumn('height', 'integer', (column) => column.notNull())
        .addColumn('uploaded_by', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

/** The command side's own tables, as kysely sees them. */
export interface CommandTables {
  auth_signing_keys: { kid: string; jwk: unknown; created_at?: Date };
  auth_refresh_tokens: { token_hash: string; user_id: string; family_id: string; expires_at: Date; revoked_at: Date | null };
  media: { id: string; content_type: string; bytes: Buffer; width: number; height: number; uploaded_by: string; created_at?: Date };
}
