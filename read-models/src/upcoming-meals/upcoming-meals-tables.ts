import type { DishColumns } from '../dish';

/** The upcoming meals read model's name: its projection and checkpoint, what its routes wait for (`config.reads`), what `npm run rebuild` takes. */
export const UPCOMING_MEALS = 'upcoming-meals';

/** Meals up for the vote, their like counts kept by the projection; a published one leaves. */
export interface UpcomingMealsTable extends DishColumns {
  added_at: Date;
  likes: number;
}

/** Who liked which upcoming meal: "did I like it". */
export interface UpcomingLikesTable {
  upcoming_id: string;
  user_id: string;
}

export interface UpcomingMealsTables {
  upcoming_meals: UpcomingMealsTable;
  upcoming_likes: UpcomingLikesTable;
}
