import { rooms } from '@hostel/contracts';
import { BatchRows } from '../batch-writes';
import type { LiveMessage, Projection } from '../projection';
import { MEAL_REQUESTS } from './meal-requests-tables';
import type { MealRequestsTable, MealRequestsTables } from './meal-requests-tables';

const COLUMNS = [
  'id',
  'user_id',
  'user_email',
  'user_name',
  'user_badge',
  'meal_id',
  'meal_title',
  'distributor_name',
  'status',
  'request_time',
  'served_at',
] as const;

/** Each change is pushed to the student and to the admins' queue. */
function messages(requestId: string, userId: string): LiveMessage[] {
  const payload = { resource: 'mealRequests', id: requestId };
  return [
    { room: rooms.user(userId), event: 'changed', payload },
    { room: rooms.adminRequests, event: 'changed', payload },
  ];
}

/**
 * The `meal_requests` read model: every request not cancelled, for the student's list, the meal
 * page and the admin's serve queue. Each change is pushed to the student and to the admins' queue.
 */
export const mealRequestsProjection: Projection<MealRequestsTables> = {
  name: MEAL_REQUESTS,
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
        await trx
          .updateTable('meal_requests')
          .set({ status: 'Delivered', served_at: new Date(event.data.servedAt) })
          .where('id', '=', event.data.requestId)
          .execute();
        break;
      case 'MealRequestCancelled':
        await trx.deleteFrom('meal_requests').where('id', '=', event.data.requestId).execute();
        break;
      default:
        return;
    }
    messages(event.data.requestId, event.data.userId).forEach(live);
  },
  async applyBatch(trx, events, live) {
    const requests = new BatchRows<MealRequestsTable>('meal_requests', 'id', ['id'], COLUMNS);
    await requests.load(
      trx,
      events.map((event) => (event.data as { requestId: string }).requestId),
    );
    for (const event of events) {
      switch (event.type) {
        case 'MealRequested': {
          const { data } = event;
          requests.insert({
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
          });
          break;
        }
        case 'MealRequestServed':
          requests.update(event.data.requestId, { status: 'Delivered', served_at: new Date(event.data.servedAt) });
          break;
        case 'MealRequestCancelled':
          requests.delete(event.data.requestId);
          break;
        default:
          continue;
      }
      messages(event.data.requestId, event.data.userId).forEach(live);
    }
    await requests.flush(trx);
  },
};
