import { rooms } from '@hostel/contracts';
import { sql } from 'kysely';
import type { LiveMessage, Projection } from '../runtime/projection';

const changed = (mealId: string): LiveMessage[] => [
  { room: rooms.meal(mealId), event: 'changed', payload: { resource: 'meal', id: mealId } },
  { room: rooms.catalog, event: 'changed', payload: { resource: 'meals', id: mealId } },
];

/** Search looks in title, description and ingredients. */
const searchText = (title: string, description: string, ingredients: readonly string[]) => [title, description, ...ingredients].join(' ');

/**
 * The `meals` catalogue: one row per listed meal with its like and review counts kept here
 * (never written by a client), and `meal_likes` for "did I like it".
 */
export const mealCatalogProjection: Projection = {
  name: 'meal-catalog',
  handles: ['MealAdded', 'MealEdited', 'MealDeleted', 'MealLiked', 'ReviewAdded', 'ReviewDeleted'],
  tables: ['meals', 'meal_likes'],
  async apply(trx, event, live) {
    switch (event.type) {
      case 'MealAdded': {
        const { data } = event;
        await trx
          .insertInto('meals')
          .values({
            id: data.mealId,
            title: data.title,
            category: data.category,
            image: data.image,
            ingredients: data.ingredients,
            description: data.description,
            price: data.price,
            post_time: new Date(data.postTime),
            distributor_name: data.distributorName,
            distributor_email: data.distributorEmail,
            rating: data.rating,
            likes: data.likedBy?.length ?? 0,
            reviews_count: 0,
            search_text: searchText(data.title, data.description, data.ingredients),
          })
          .execute();
        // A published upcoming meal arrives with its likes, and who gave them (one like each, still).
        if (data.likedBy?.length) await trx.insertInto('meal_likes').values(data.likedBy.map((userId) => ({ meal_id: data.mealId, user_id: userId }))).execute();
        break;
      }
      case 'MealEdited': {
        const { changes } = event.data;
        const row = await trx
          .updateTable('meals')
          .set({
            ...(changes.title !== undefined ? { title: changes.title } : {}),
            ...(changes.category !== undefined ? { category: changes.category } : {}),
            ...(changes.image !== undefined ? { image: changes.image } : {}),
            ...(changes.ingredients !== undefined ? { ingredients: changes.ingredients } : {}),
            ...(changes.description !== undefined ? { description: changes.description } : {}),
            ...(changes.price !== undefined ? { price: changes.price } : {}),
            ...(changes.distributorName !== undefined ? { distributor_name: changes.distributorName } : {}),
            ...(changes.rating !== undefined ? { rating: changes.rating } : {}),
          })
          .where('id', '=', event.data.mealId)
          .returning(['title', 'description', 'ingredients'])
          .executeTakeFirst();
        if (row) {
          await trx.updateTable('meals').set({ search_text: searchText(row.title, row.description, row.ingredients) }).where('id', '=', event.data.mealId).execute();
        }
        break;
      }
      case 'MealDeleted':
        await trx.deleteFrom('meal_likes').where('meal_id', '=', event.data.mealId).execute();
        await trx.deleteFrom('meals').where('id', '=', event.data.mealId).execute();
        break;
      case 'MealLiked':
        await trx.insertInto('meal_likes').values({ meal_id: event.data.mealId, user_id: event.data.userId }).execute();
        await trx.updateTable('meals').set({ likes: sql`likes + 1` }).where('id', '=', event.data.mealId).execute();
        break;
      case 'ReviewAdded':
        await trx.updateTable('meals').set({ reviews_count: sql`reviews_count + 1` }).where('id', '=', event.data.mealId).execute();
        break;
      case 'ReviewDeleted':
        await trx.updateTable('meals').set({ reviews_count: sql`greatest(reviews_count - 1, 0)` }).where('id', '=', event.data.mealId).execute();
        break;
      default:
        return;
    }
    changed(event.data.mealId).forEach(live);
  },
};
