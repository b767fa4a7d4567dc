import { ReviewsTable } from './reviews-table';

/** All Reviews (admin): every review, with its author, for moderation. */
export function AllReviews() {
  return <ReviewsTable scope={{}} showAuthor label="All reviews" />;
}
