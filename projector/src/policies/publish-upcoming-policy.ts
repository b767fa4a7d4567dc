import { JOBS, UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import type { Policy } from '../runtime/policy';

/**
 * At the like threshold the meal is published; once published, it is listed in the catalogue. One
 * job per upcoming meal and step; publishing and listing are idempotent on the command side.
 */
export const publishUpcoming: Policy = {
  name: 'publish-upcoming',
  reactions: {
    UpcomingMealThresholdReached: ({ data }) => ({ queue: JOBS.publishUpcoming, data: { upcomingId: data.upcomingId }, triggerId: data.upcomingId }),
    UpcomingMealPublished: ({ data }) => ({ queue: JOBS.listPublishedMeal, data: { upcomingId: data.upcomingId }, triggerId: data.upcomingId }),
  },
  // Publication takes a meal off the upcoming list: one still there at the threshold is unpublished.
  async reconcile(db) {
    const rows = await db.selectFrom('upcoming_meals').select('id').where('likes', '>=', UPCOMING_PUBLISH_THRESHOLD).execute();
    return rows.map((row) => ({ queue: JOBS.publishUpcoming, data: { upcomingId: row.id }, triggerId: row.id }));
  },
};
