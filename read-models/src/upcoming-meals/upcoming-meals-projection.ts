import { rooms } from '@hostel/contracts';

import { BatchPairs, BatchRows } from '../batch-writes';
import { DISH_COLUMNS, dishColumns } from '../dish';
import { batched, idsIn } from '../projection';
import type { LiveMessage } from '../projection';
import { UPCOMING_MEALS } from './upcoming-meals-tables';
import type { UpcomingMealsTable, UpcomingMealsTables } from './upcoming-meals-tables';

const COLUMNS = [...DISH_COLUMNS, 'added_at', 'likes'] as const;

/** Names the meal, so a watcher (or the live-likes benchmark) can tell which card moved. */
const changed = (upcomingId: string): LiveMessage => ({ room: rooms.upcoming, event: 'changed', payload: { resource: 'upcomingMeals', id: upcomingId } });

/**
 * The `upcoming_meals` list (counts kept here) and `upcoming_likes` ("did I like it"); published meals
 * leave it. A like pushes the new count; an addition or a publication asks watchers to refetch.
 */
export const upcomingMealsProjection = batched<UpcomingMealsTables>({
  name: UPCOMING_MEALS,
  handles: ['UpcomingMealAdded', 'UpcomingMealLiked', 'UpcomingMealPublished'],
  tables: ['upcoming_meals', 'upcoming_likes'],
  async applyBatch(trx, events, live) {
    const meals = new BatchRows<UpcomingMealsTable>('upcoming_meals', 'id', ['id', 'likes'], COLUMNS);
    const likes = new BatchPairs('upcoming_likes', 'upcoming_id', 'user_id');
    await meals.load(trx, idsIn(events, 'upcomingId'));
    for (const event of events) {
      switch (event.type) {
        case 'UpcomingMealAdded': {
          const { data } = event;
          meals.insert({
            ...dishColumns(data.upcomingId, data),
            added_at: new Date(data.addedAt),
            likes: 0,
          });
          break;
        }
        case 'UpcomingMealLiked': {
          likes.add(event.data.upcomingId, event.data.userId);
          const row = meals.get(event.data.upcomingId);
          if (row) meals.update(event.data.upcomingId, { likes: row.likes + 1 });
          live({
            room: rooms.upcoming,
            event: 'counts',
            payload: { resource: 'upcomingMeals', counts: { [event.data.upcomingId]: { likes: event.data.likes } } },
          });
          continue;
        }
        case 'UpcomingMealPublished':
          likes.wipe(event.data.upcomingId);
          meals.delete(event.data.upcomingId);
          break;
        default:
          continue;
      }
      live(changed(event.data.upcomingId));
    }
    await likes.flush(trx);
    await meals.flush(trx);
  },
});
