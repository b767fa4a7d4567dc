import type { Badge, Role } from '@hostel/contracts';

/** The users read model's name: its projection and checkpoint, what its routes wait for (`config.reads`), what `npm run rebuild` takes. */
export const USERS = 'users';

/** One row per account, as Manage Users, profiles and the role lookup read it. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  photo: string;
  role: Role;
  badge: Badge | null;
  registered_at: Date;
}

export interface UsersTables {
  users: UsersTable;
}
