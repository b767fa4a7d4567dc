import { rooms } from '@hostel/contracts';

import { BatchPairs, BatchRows } from '../batch-writes';
import { DISH_COLUMNS, dishColumns } from '../dish';
import { batched, idsIn } from '../projection';
import type { LiveMessage } from '../projection';
import { MEAL_CATALOG } from './meal-catalog-tables';
import type { MealCatalogTables, MealsTable } from './meal-catalog-tables';

/** Every column a MealAdded writes (search_vector is generated from search_text). */
const COLUMNS = [...DISH_COLUMNS, 'post_time', 'rating', 'likes', 'reviews_count', 'search_text'] as const;
/** What a batch reads back: the counts it moves and what search_text is made of. */
const READ = ['id', 'title', 'description', 'ingredients', 'likes', 'reviews_count'] as const;

const changed = (mealId: string): LiveMessage[] => [
  { room: rooms.meal(mealId), event: 'changed', payload: { resource: 'meal', id: mealId } },
  { room: rooms.catalog, event: 'changed', payload: { resource: 'meals', id: mealId } },
];

/** A meal's new counts, for its page and the catalogue: watchers write them into what they show, no refetch. */
const counted = (mealId: string, row: { likes: number; reviews_count: number }): LiveMessage[] => {
  const counts = { [mealId]: { likes: row.likes, reviews: row.reviews_count } };
  return [
    { room: rooms.meal(mealId), event: 'counts', payload: { resource: 'meal', counts } },
    { room: rooms.catalog, event: 'counts', payload: { resource: 'meals', counts } },
  ];
};

/** Search looks in title, description and ingredients. */
const searchText = (title: string, description: string, ingredients: readonly string[]) => [title, description, ...ingredients].join(' ');

/**
 * The `meals` catalogue: one row per listed meal with its like and review counts kept here
 * (never written by a client), and `meal_likes` for "did I like it".
 */
export const mealCatalogProjection = batched<MealCatalogTables>({
  name: MEAL_CATALOG,
  handles: ['MealAdded', 'MealEdited', 'MealDeleted', 'MealLiked', 'ReviewAdded', 'ReviewDeleted'],
  tables: ['meals', 'meal_likes'],
  async applyBatch(trx, events, live) {
    const meals = new BatchRows<MealsTable>('meals', 'id', READ, COLUMNS);
    const likes = new BatchPairs('meal_likes', 'meal_id', 'user_id');
    await meals.load(trx, idsIn(events, 'mealId'));
    for (const event of events) {
      switch (event.type) {
        case 'MealAdded': {
          const { data } = event;
          meals.insert({
            ...dishColumns(data.mealId, data),
            post_time: new Date(data.postTime),
            rating: data.rating,
            likes: data.likedBy?.length ?? 0,
            reviews_count: 0,
            search_text: searchText(data.title, data.description, data.ingredients),
          });
          for (const userId of data.likedBy ?? []) likes.add(data.mealId, userId);
          break;
        }
        case 'MealEdited': {
          const { changes, mealId } = event.data;
          const set = {
            ...(changes.title !== undefined ? { title: changes.title } : {}),
            ...(changes.category !== undefined ? { category: changes.category } : {}),
            ...(changes.image !== undefined ? { image: changes.image } : {}),
            ...(changes.ingredients !== undefined ? { ingredients: changes.ingredients } : {}),
            ...(changes.description !== undefined ? { description: changes.description } : {}),
            ...(changes.price !== undefined ? { price: changes.price } : {}),
            ...(changes.distributorName !== undefined ? { distributor_name: changes.distributorName } : {}),
            ...(changes.rating !== undefined ? { rating: changes.rating } : {}),
          };
          // The deciders never record an empty edit: one would be a bug upstream, not a change to make.
          if (Object.keys(set).length === 0) throw new Error(`MealEdited of ${mealId} changes nothing`);
          if (!meals.get(mealId)) break;
          meals.update(mealId, set);
          const row = meals.get(mealId)!;
          meals.update(mealId, { search_text: searchText(row.title, row.description, row.ingredients) });
          break;
        }
        case 'MealDeleted':
          likes.wipe(event.data.mealId);
          meals.delete(event.data.mealId);
          break;
        case 'MealLiked': {
          // A like that landed just after its meal was deleted (decided while it was listed) counts nowhere.
          const row = meals.get(event.data.mealId);
          if (!row) continue;
          likes.add(event.data.mealId, event.data.userId);
          meals.update(event.data.mealId, { likes: row.likes + 1 });
          counted(event.data.mealId, meals.get(event.data.mealId)!).forEach(live);
          continue;
        }
        case 'ReviewAdded':
        case 'ReviewDeleted': {
          const row = meals.get(event.data.mealId);
          if (!row) continue;
          meals.update(event.data.mealId, { reviews_count: event.type === 'ReviewAdded' ? row.reviews_count + 1 : Math.max(row.reviews_count - 1, 0) });
          counted(event.data.mealId, meals.get(event.data.mealId)!).forEach(live);
          continue;
        }
        default:
          continue;
      }
      changed(event.data.mealId).forEach(live);
    }
    await likes.flush(trx);
    await meals.flush(trx);
  },
});
