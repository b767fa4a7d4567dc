import { rooms } from '@hostel/contracts';
import type { MealRequestStatus } from '@hostel/contracts';
import { BatchRows, insertRows } from '../batch-writes';
import { batched } from '../projection';
import type { LiveMessage } from '../projection';
import { MEAL_REQUESTS } from './meal-requests-tables';
import type { MealRequestsTable, MealRequestsTables, MealRequestTicketsTable } from './meal-requests-tables';

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
  'approved_at',
  'served_at',
  'advanced_at',
] as const;

/** Each change is pushed to the student and to the admins' queue. */
function changed(requestId: string, userId: string): LiveMessage[] {
  const payload = { resource: 'mealRequests', id: requestId };
  return [
    { room: rooms.user(userId), event: 'changed', payload },
    { room: rooms.adminRequests, event: 'changed', payload },
  ];
}

/**
 * The `meal_requests` read model: every request not cancelled, with its stage and when it got
 * there, for the student's list, the meal page, the admins' Serve Meals table and the kitchen's
 * queue; and every request ever made, by when, for the kitchen's ticket numbers. A stage the kitchen
 * sets is also told to the student (`stage`), for a toast.
 */
export const mealRequestsProjection = batched<MealRequestsTables>({
  name: MEAL_REQUESTS,
  handles: ['MealRequested', 'MealRequestApproved', 'MealRequestServed', 'MealRequestRecalled', 'MealRequestCancelled'],
  tables: ['meal_requests', 'meal_request_tickets'],
  async applyBatch(trx, events, live) {
    const requests = new BatchRows<MealRequestsTable>('meal_requests', 'id', ['id', 'meal_title', 'approved_at'], COLUMNS);
    await requests.load(
      trx,
      events.map((event) => (event.data as { requestId: string }).requestId),
    );
    /** Moves a request to a stage and tells its student (a request cancelled meanwhile has no row: nothing to tell). */
    const moveTo = (requestId: string, userId: string, status: MealRequestStatus, change: Partial<MealRequestsTable>) => {
      const row = requests.get(requestId);
      if (!row) return;
      requests.update(requestId, { status, ...change });
      live({ room: rooms.user(userId), event: 'stage', payload: { id: requestId, mealTitle: row.meal_title, status } });
    };
    const tickets: MealRequestTicketsTable[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'MealRequested': {
          const { data } = event;
          tickets.push({ id: data.requestId, request_time: new Date(data.requestTime) });
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
            approved_at: null,
            served_at: null,
            advanced_at: null,
          });
          break;
        }
        case 'MealRequestApproved': {
          const approvedAt = new Date(event.data.approvedAt);
          moveTo(event.data.requestId, event.data.userId, 'Approved', { approved_at: approvedAt, advanced_at: approvedAt });
          break;
        }
        case 'MealRequestServed': {
          const servedAt = new Date(event.data.servedAt);
          moveTo(event.data.requestId, event.data.userId, 'Delivered', { served_at: servedAt, advanced_at: servedAt });
          break;
        }
        case 'MealRequestRecalled': {
          // Back to Approved from a meal served straight from Pending: accepted as of the recall.
          const { to, requestId } = event.data;
          const approvedAt = requests.get(requestId)?.approved_at ?? new Date(event.data.recalledAt);
          const back = to === 'Pending' ? { approved_at: null } : { approved_at: approvedAt, served_at: null };
          moveTo(requestId, event.data.userId, to, { ...back, advanced_at: null });
          break;
        }
        case 'MealRequestCancelled':
          requests.delete(event.data.requestId);
          break;
        default:
          continue;
      }
      changed(event.data.requestId, event.data.userId).forEach(live);
    }
    await requests.flush(trx);
    await insertRows(trx, 'meal_request_tickets', ['id', 'request_time'], tickets);
  },
});
