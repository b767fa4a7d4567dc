/** The users read model: one row per account (Manage Users, profiles, the role lookup). Its name, tables, projection and queries. */
export { USERS } from './users-tables';
export type { UsersTable, UsersTables } from './users-tables';
export { users } from './users-read-model';
export { usersProjection } from './users-projection';
export { findUserByEmail, listUsers } from './users-queries';
export type { UsersFilter } from './users-queries';
