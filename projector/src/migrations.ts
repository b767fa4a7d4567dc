import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** Read-model tables and the projector's checkpoints. Frozen in time: never import app code here. */
export const projectorMigrations: Record<string, Migration> = {
  '2026-11-21-checkpoints-and-users': {
    async up(db: Kysely<any>) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await db.schema
        .createTable('projection_checkpoints')
        .ifNotExists()
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('position_a', 'bigint', (column) => column.notNull())
        .addColumn('position_b', 'bigint', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull().unique())
        .addColumn('photo', 'text', (column) => column.notNull())
        .addColumn('role', 'text', (column) => column.notNull())
        .addColumn('badge', 'text')
        .addColumn('registered_at', 'timestamptz', (column) => column.notNull())
        .execute();
      // Manage Users searches by name or email with a substring match.
      await sql`create index if not exists users_name_trgm on users using gin (name gin_trgm_ops)`.execute(db);
      await sql`create index if not exists users_email_trgm on users using gin (email gin_trgm_ops)`.execute(db);
    },
  },
};
