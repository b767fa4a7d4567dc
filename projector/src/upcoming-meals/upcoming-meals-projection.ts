import { rooms } from '@hostel/contracts';
import { sql } from 'kysely';
import type { LiveMessage, Projection } from '../runtime/projection';

/** Names the meal, so a watcher (or the live-likes benchmark) can tell which card moved. */
const changed = (upcomingId: string): LiveMessage => ({ room: rooms.upcoming, event: 'changed', payload: { resource: 'upcomingMeals', id: upcomingId } });

/**
 * The `upcoming_meals` list (counts kept here) and `upcoming_likes` ("did I like it"); published meals
 * leave it. A like pushes the new count; an addition or a publication asks watchers to refetch.
 */
export const upcomingMealsProjection: Projection = {
  name: 'upcoming-meals',
  handles: ['UpcomingMealAdded', 'UpcomingMealLiked', 'UpcomingMealPublished'],
  tables: ['upcoming_meals', 'upcoming_likes'],
  async apply(trx, event, live) {
    switch (event.type) {
      case 'UpcomingMealAdded': {
        const { data } = event;
        await trx
          .insertInto('upcoming_meals')
          .values({
            id: data.upcomingId,
            title: data.title,
            category: data.category,
            image: data.image,
            ingredients: data.ingredients,
            description: data.description,
            price: data.price,
            distributor_name: data.distributorName,
            distributor_email: data.distributorEmail,
            added_at: new Date(data.addedAt),
            likes: 0,
          })
          .execute();
        break;
      }
      case 'UpcomingMealLiked':
        await trx.insertInto('upcoming_likes').values({ upcoming_id: event.data.upcomingId, user_id: event.data.userId }).execute();
        await trx.updateTable('upcoming_meals').set({ likes: sql`likes + 1` }).where('id', '=', event.data.upcomingId).execute();
        // Watchers only need the new count: they write it into their cache without asking again.
        return live({ room: rooms.upcoming, event: 'likes', payload: { resource: 'upcomingMeals', likes: { [event.data.upcomingId]: event.data.likes } } });
      case 'UpcomingMealPublished':
        await trx.deleteFrom('upcoming_likes').where('upcoming_id', '=', event.data.upcomingId).execute();
        await trx.deleteFrom('upcoming_meals').where('id', '=', event.data.upcomingId).execute();
        break;
      default:
        return;
    }
    live(changed(event.data.upcomingId));
  },
};
