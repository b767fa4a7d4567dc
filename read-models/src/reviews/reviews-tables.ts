/** The reviews read model's name: its projection and checkpoint, what its routes wait for (`config.reads`), what `npm run rebuild` takes. */
export const REVIEWS = 'reviews';

/** Every review, by meal and by author; the meal's title and distributor as they were when it was written. */
export interface ReviewsTable {
  id: string;
  meal_id: string;
  meal_title: string;
  distributor_name: string;
  user_id: string;
  user_email: string;
  user_name: string;
  review: string;
  created_at: Date;
}

export interface ReviewsTables {
  reviews: ReviewsTable;
}
