import { rooms } from '@hostel/contracts';
import type { Projection } from '../runtime/projection';

/** The `users` read model: one row per account, as Manage Users, profiles and the role lookup read it. */
export const usersProjection: Projection = {
  name: 'users',
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserPromotedToAdmin', 'UserBadgeGranted'],
  async apply(trx, event, live) {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, name, email, photo, role } = event.data;
        await trx.insertInto('users').values({ id: userId, name, email, photo, role, badge: null, registered_at: new Date(event.occurredAt) }).execute();
        break;
      }
      case 'UserProfileUpdated':
        await trx.updateTable('users').set({ name: event.data.name, photo: event.data.photo }).where('id', '=', event.data.userId).execute();
        break;
      case 'UserPromotedToAdmin':
        await trx.updateTable('users').set({ role: 'admin' }).where('id', '=', event.data.userId).execute();
        break;
      case 'UserBadgeGranted':
        await trx.updateTable('users').set({ badge: event.data.badge }).where('id', '=', event.data.userId).execute();
        break;
      default:
        return;
    }
    const userId = event.data.userId;
    live({ room: rooms.adminUsers, event: 'changed', payload: { resource: 'users' } });
    live({ room: rooms.user(userId), event: 'changed', payload: { resource: 'user', id: userId } });
  },
  tables: ['users'],
};
