import type { Projection } from './runtime/projection';
import { mealCatalogProjection } from './meal-catalog/meal-catalog-projection';
import { mealRequestsProjection } from './meal-requests/meal-requests-projection';
import { paymentsProjection } from './payments/payments-projection';
import { reviewsProjection } from './reviews/reviews-projection';
import { upcomingMealsProjection } from './upcoming-meals/upcoming-meals-projection';
import { usersProjection } from './users/users-projection';

/** Every read model's projection. A new read model joins here. */
export const projections: readonly Projection[] = [usersProjection, mealCatalogProjection, reviewsProjection, paymentsProjection, upcomingMealsProjection, mealRequestsProjection];
