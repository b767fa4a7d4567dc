import { rooms } from '@hostel/contracts';
import { BatchRows } from '../batch-writes';
import type { LiveMessage, ProjectedEvent, Projection } from '../projection';
import { USERS } from './users-tables';
import type { UsersTable, UsersTables } from './users-tables';

const COLUMNS = ['id', 'name', 'email', 'photo', 'role', 'badge', 'registered_at'] as const;

/** Every event this projection handles names its user. */
const userIdOf = (event: ProjectedEvent) => (event.data as { userId: string }).userId;

/** What each handled event pushes once its batch has committed. */
function messages(userId: string): LiveMessage[] {
  return [
    { room: rooms.adminUsers, event: 'changed', payload: { resource: 'users' } },
    { room: rooms.user(userId), event: 'changed', payload: { resource: 'user', id: userId } },
  ];
}

/** The `users` read model: one row per account, as Manage Users, profiles and the role lookup read it. */
export const usersProjection: Projection<UsersTables> = {
  name: USERS,
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserPromotedToAdmin', 'UserMadeAuditor', 'UserBadgeGranted'],
  async apply(trx, event, live) {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, name, email, photo, role } = event.data;
        await trx
          .insertInto('users')
          .values({ id: userId, name, email, photo, role, badge: null, registered_at: new Date(event.occurredAt) })
          .execute();
        break;
      }
      case 'UserProfileUpdated':
        await trx.updateTable('users').set({ name: event.data.name, photo: event.data.photo }).where('id', '=', event.data.userId).execute();
        break;
      case 'UserPromotedToAdmin':
        await trx.updateTable('users').set({ role: 'admin' }).where('id', '=', event.data.userId).execute();
        break;
      case 'UserMadeAuditor':
        await trx.updateTable('users').set({ role: 'auditor' }).where('id', '=', event.data.userId).execute();
        break;
      case 'UserBadgeGranted':
        await trx.updateTable('users').set({ badge: event.data.badge }).where('id', '=', event.data.userId).execute();
        break;
      default:
        return;
    }
    messages(event.data.userId).forEach(live);
  },
  tables: ['users'],
  async applyBatch(trx, events, live) {
    const users = new BatchRows<UsersTable>('users', 'id', ['id'], COLUMNS);
    await users.load(trx, events.map(userIdOf));
    for (const event of events) {
      switch (event.type) {
        case 'UserRegistered': {
          const { userId, name, email, photo, role } = event.data;
          users.insert({ id: userId, name, email, photo, role, badge: null, registered_at: new Date(event.occurredAt) });
          break;
        }
        case 'UserProfileUpdated':
          users.update(event.data.userId, { name: event.data.name, photo: event.data.photo });
          break;
        case 'UserPromotedToAdmin':
          users.update(event.data.userId, { role: 'admin' });
          break;
        case 'UserMadeAuditor':
          users.update(event.data.userId, { role: 'auditor' });
          break;
        case 'UserBadgeGranted':
          users.update(event.data.userId, { badge: event.data.badge });
          break;
        default:
          continue;
      }
      messages(event.data.userId).forEach(live);
    }
    await users.flush(trx);
  },
};
