import { rooms } from '@hostel/contracts';
import type { Projection } from '../runtime/projection';

/**
 * The `meal_requests` read model: every request not cancelled, for the student's list, the meal
 * page and the admin's serve queue. Each change is pushed to the student and to the admins' queue.
 */
export const mealRequestsProjection: Projection = {
  name: 'meal-requests',
  handles: ['MealRequested', 'MealRequestServed', 'MealRequestCancelled'],
  tables: ['meal_requests'],
  async apply(trx, event, live) {
    switch (event.type) {
      case 'MealRequested': {
        const { data } = event;
        await trx
          .insertInto('meal_requests')
          .values({
            id: data.requestId,
            user_id: data.userId,
            user_email: data.userEmail,
            user_name: data.userName,
            user_badge: data.userBadge,
            meal_id: data.mealId,
            meal_title: data.mealTitle,
            distributor_name: data.distributorName,
            status: 'Pending',
            request_time: new Date(data.requestTime),
            served_at: null,
          })
          .execute();
        break;
      }
      case 'MealRequestServed':
        await trx.updateTable('meal_requests').set({ status: 'Delivered', served_at: new Date(event.data.servedAt) }).where('id', '=', event.data.requestId).execute();
        break;
      case 'MealRequestCancelled':
        await trx.deleteFrom('meal_requests').where('id', '=', event.data.requestId).execute();
        break;
      default:
        return;
    }
    const payload = { resource: 'mealRequests', id: event.data.requestId };
    live({ room: rooms.user(event.data.userId), event: 'changed', payload });
    live({ room: rooms.adminRequests, event: 'changed', payload });
  },
};
