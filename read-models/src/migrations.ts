import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/**
 * One read model's part of the dated migrations: its DDL, as SQL statements run in order, keyed by
 * the migration each belongs to. Frozen in time: a key that exists ran on existing databases, so its
 * statements never change (a change is a new key).
 */
export type MigrationSteps = Readonly<Record<string, readonly string[]>>;

/**
 * The migrations as kysely runs them: one per key, running the parts' steps for that key in the
 * order the parts are given (a key can hold the tables of several read models, as
 * '2026-11-22-meal-catalog-and-reviews' does).
 */
export function assembleMigrations(parts: readonly MigrationSteps[]): Record<string, Migration> {
  const keys = [...new Set(parts.flatMap((part) => Object.keys(part)))].sort();
  return Object.fromEntries(
    keys.map((key) => [
      key,
      {
        async up(db: Kysely<any>) {
          for (const part of parts) for (const statement of part[key] ?? []) await sql.raw(statement).execute(db);
        },
      },
    ]),
  );
}
