import type { ReadModel } from '../read-model';
import { usersMigrations } from './users-migrations';
import { usersProjection } from './users-projection';
import type { UsersTables } from './users-tables';

export const users: ReadModel<UsersTables> = { projection: usersProjection, migrations: usersMigrations };
