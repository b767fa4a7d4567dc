import type { ReviewDto } from '@hostel/contracts';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DeleteButton } from '@/components/ui/delete-button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { useDeleteReview } from '../api/delete-review';
import { type ReviewsScope, useReviews } from '../api/get-reviews';

/** View Meal opens the meal's page; a review whose meal id was lost has nowhere to go, and says so rather than open a broken page. */
function ViewMealButton({ review }: { review: ReviewDto }) {
  const notice = useNotice();
  const content = (
    <>
      <Eye aria-hidden="true" />
      View Meal
    </>
  );
  const label = `View Meal: ${review.mealTitle}`;
  if (!review.mealId) {
    return (
      <Button size="sm" variant="outline" aria-label={label} onClick={() => notice({ title: 'Error', text: 'Meal ID not found.', tone: 'error' })}>
        {content}
      </Button>
    );
  }
  return (
    <Button size="sm" variant="outline" asChild>
      <Link to={paths.meal(review.mealId)} aria-label={label}>
        {content}
      </Link>
    </Button>
  );
}

/**
 * Reviews as a dashboard table, 10 a page: the meal with its current likes and review count, the
 * review, and View Meal / Delete. A student's own (My Reviews) or everyone's, with the author (All Reviews).
 */
export function ReviewsTable({ scope, showAuthor = false, label }: { scope: ReviewsScope; showAuthor?: boolean; label: string }) {
  const [page, setPage] = useState(0);
  const reviews = useReviews(scope, page);
  const remove = useDeleteReview();

  const author: DataColumn<ReviewDto> = { header: 'Author', cell: (review) => review.userName };
  const columns: DataColumn<ReviewDto>[] = [
    { header: 'Meal Title', cell: (review) => review.mealTitle, className: 'font-medium text-slate-900' },
    ...(showAuthor ? [author] : []),
    { header: 'Review', cell: (review) => review.review, className: 'max-w-md' },
    { header: 'Likes', cell: (review) => review.mealLikes },
    { header: 'Reviews', cell: (review) => review.mealReviewCount },
    {
      header: 'Actions',
      cell: (review) => (
        <div className="flex gap-2">
          <ViewMealButton review={review} />
          <DeleteButton
            label={`Delete review of ${review.mealTitle}`}
            question="This review will be deleted permanently."
            remove={() => remove.mutateAsync(review._id)}
            deleted="Review has been deleted."
            failed={{ title: 'Error!', text: 'Failed to delete review.' }}
          />
        </div>
      ),
    },
  ];

  return (
    <DataTable
      label={label}
      columns={columns}
      query={reviews}
      loadingText="Loading reviews..."
      errorText={(error) => 'Failed to load data: ' + error.message}
      emptyText="No reviews found."
      page={page}
      onPageChange={setPage}
    />
  );
}
