import { JOBS } from '@hostel/contracts';
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
};
