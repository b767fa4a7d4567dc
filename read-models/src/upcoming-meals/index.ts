/** The upcoming meals read model: meals up for the vote, their likes, and who liked which. Its name, tables, projection and queries. */
export { UPCOMING_MEALS } from './upcoming-meals-tables';
export type { UpcomingLikesTable, UpcomingMealsTable, UpcomingMealsTables } from './upcoming-meals-tables';
export { upcomingMeals } from './upcoming-meals-read-model';
export { upcomingMealsProjection } from './upcoming-meals-projection';
export { listUpcomingMeals } from './upcoming-meals-queries';
