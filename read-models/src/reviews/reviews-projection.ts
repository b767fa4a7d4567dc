import { rooms } from '@hostel/contracts';
import { BatchRows } from '../batch-writes';
import { batched, idsIn } from '../projection';
import { REVIEWS } from './reviews-tables';
import type { ReviewsTable, ReviewsTables } from './reviews-tables';

const COLUMNS = ['id', 'meal_id', 'meal_title', 'distributor_name', 'user_id', 'user_email', 'user_name', 'review', 'created_at'] as const;

/** The `reviews` read model: every review, by meal and by author. */
export const reviewsProjection = batched<ReviewsTables>({
  name: REVIEWS,
  handles: ['ReviewAdded', 'ReviewDeleted'],
  tables: ['reviews'],
  async applyBatch(trx, events, live) {
    const reviews = new BatchRows<ReviewsTable>('reviews', 'id', ['id'], COLUMNS);
    await reviews.load(trx, idsIn(events, 'reviewId'));
    for (const event of events) {
      switch (event.type) {
        case 'ReviewAdded': {
          const { data } = event;
          reviews.insert({
            id: data.reviewId,
            meal_id: data.mealId,
            meal_title: data.mealTitle,
            distributor_name: data.distributorName,
            user_id: data.userId,
            user_email: data.userEmail,
            user_name: data.userName,
            review: data.review,
            created_at: new Date(data.createdAt),
          });
          live({ room: rooms.user(data.userId), event: 'changed', payload: { resource: 'reviews' } });
          break;
        }
        case 'ReviewDeleted':
          reviews.delete(event.data.reviewId);
          break;
        default:
          continue;
      }
      live({ room: rooms.meal(event.data.mealId), event: 'changed', payload: { resource: 'reviews', id: event.data.mealId } });
    }
    await reviews.flush(trx);
  },
});
