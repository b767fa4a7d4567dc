/** The reviews read model: every review, by meal and by author. Its name, tables, projection and queries. */
export { REVIEWS } from './reviews-tables';
export type { ReviewsTable, ReviewsTables } from './reviews-tables';
export { reviews } from './reviews-read-model';
export { reviewsProjection } from './reviews-projection';
export { listMealReviews, listReviews } from './reviews-queries';
