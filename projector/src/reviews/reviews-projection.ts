import { rooms } from '@hostel/contracts';
import type { Projection } from '../runtime/projection';

/** The `reviews` read model: every review, by meal and by author. */
export const reviewsProjection: Projection = {
  name: 'reviews',
  handles: ['ReviewAdded', 'ReviewDeleted'],
  tables: ['reviews'],
  async apply(trx, event, live) {
    switch (event.type) {
      case 'ReviewAdded': {
        const { data } = event;
        await trx
          .insertInto('reviews')
          .values({
            id: data.reviewId,
            meal_id: data.mealId,
            meal_title: data.mealTitle,
            distributor_name: data.distributorName,
            user_id: data.userId,
            user_email: data.userEmail,
            user_name: data.userName,
            review: data.review,
            created_at: new Date(data.createdAt),
          })
          .execute();
        live({ room: rooms.user(data.userId), event: 'changed', payload: { resource: 'reviews' } });
        break;
      }
      case 'ReviewDeleted':
        await trx.deleteFrom('reviews').where('id', '=', event.data.reviewId).execute();
        break;
      default:
        return;
    }
    live({ room: rooms.meal(event.data.mealId), event: 'changed', payload: { resource: 'reviews', id: event.data.mealId } });
  },
};
