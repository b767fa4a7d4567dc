import { badgeName, type UserDto } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { likePattern } from '../like-pattern';
import type { Page, Paging } from '../page';
import type { ReadModelTables } from '../read-models';
import type { UsersTable } from './users-tables';

const toUserDto = (row: UsersTable): UserDto => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  photo: row.photo,
  badge: row.badge && badgeName(row.badge),
  role: row.role,
});

/** One account by its email, as the read model keeps it (trimmed, lower case). */
export async function findUserByEmail(db: Kysely<ReadModelTables>, email: string): Promise<UserDto | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  return row && toUserDto(row);
}

export interface UsersFilter {
  /** Exactly this email. */
  email?: string | undefined;
  /** A substring of the name or of the email, in any case. */
  search?: string | undefined;
}

/** Manage Users: everyone (or those matching), in the order they registered. */
export async function listUsers(db: Kysely<ReadModelTables>, filter: UsersFilter & Paging): Promise<Page<UserDto>> {
  const { email, search, skip, limit } = filter;
  let query = db.selectFrom('users');
  if (email) query = query.where('email', '=', email);
  if (search) query = query.where((where) => where.or([where('name', 'ilike', likePattern(search)), where('email', 'ilike', likePattern(search))]));
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('registered_at', 'asc').orderBy('id', 'asc').offset(skip).limit(limit).execute(),
    query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toUserDto), total: Number(total.count) };
}
