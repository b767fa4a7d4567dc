import { useSessionUser } from '@/lib/auth';
import { ReviewsTable } from './reviews-table';

/** My Reviews: the signed-in student's reviews, matched by email. */
export function MyReviews() {
  const user = useSessionUser();
  if (!user) return null;
  return <ReviewsTable scope={{ userEmail: user.email }} label="My reviews" />;
}
