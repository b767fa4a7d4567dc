/** The meal requests read model: every request not cancelled, for students and the serve queue. Its name, tables, projection and queries. */
export { MEAL_REQUESTS } from './meal-requests-tables';
export type { MealRequestsTable, MealRequestsTables } from './meal-requests-tables';
export { mealRequests } from './meal-requests-read-model';
export { mealRequestsProjection } from './meal-requests-projection';
export { countServeQueue, listMealRequests, listMealRequestsOf, listServeQueue, waitingTimes } from './meal-requests-queries';
