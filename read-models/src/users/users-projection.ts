import { rooms } from '@hostel/contracts';
import { BatchRows } from '../batch-writes';
import { batched, idsIn } from '../projection';
import type { LiveMessage } from '../projection';
import { USERS } from './users-tables';
import type { UsersTable, UsersTables } from './users-tables';

const COLUMNS = ['id', 'name', 'email', 'photo', 'role', 'badge', 'registered_at'] as const;

/** What each handled event pushes once its batch has committed. */
function messages(userId: string): LiveMessage[] {
  return [
    { room: rooms.adminUsers, event: 'changed', payload: { resource: 'users' } },
    { room: rooms.user(userId), event: 'changed', payload: { resource: 'user', id: userId } },
  ];
}

/** The `users` read model: one row per account, as Manage Users, profiles and the role lookup read it. */
export const usersProjection = batched<UsersTables>({
  name: USERS,
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserPromotedToAdmin', 'UserMadeAuditor', 'UserBadgeGranted'],
  tables: ['users'],
  async applyBatch(trx, events, live) {
    const users = new BatchRows<UsersTable>('users', 'id', ['id'], COLUMNS);
    // Every event this projection handles names its user.
    await users.load(trx, idsIn(events, 'userId'));
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
});
