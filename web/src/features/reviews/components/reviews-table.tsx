import type { ReviewDto } from '@hostel/contracts';
import { Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotice } from '@/components/ui/notice-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { usePageCount } from '@/lib/use-page';
import { useDeleteReview } from '../api/delete-review';
import { type ReviewsScope, useReviews } from '../api/get-reviews';

const SUCCESS_AUTO_CLOSE_MS = 1500;

/**
 * Reviews as a dashboard table, 10 a page: the meal with its current likes and review count, the
 * review, and View Meal / Delete. A student's own (My Reviews) or everyone's, with the author (All Reviews).
 */
export function ReviewsTable({ scope, showAuthor = false, label }: { scope: ReviewsScope; showAuthor?: boolean; label: string }) {
  const [page, setPage] = useState(0);
  const reviews = useReviews(scope, page);
  const pageCount = usePageCount(reviews.data?.total, page, setPage);
  const remove = useDeleteReview();
  const notice = useNotice();
  const [toDelete, setToDelete] = useState<ReviewDto | null>(null);

  const confirmDelete = async (review: ReviewDto) => {
    try {
      await remove.mutateAsync(review._id);
      notice({ title: 'Deleted!', text: 'Review has been deleted.', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    } catch {
      notice({ title: 'Error!', text: 'Failed to delete review.', tone: 'error' });
    }
  };

  if (reviews.isPending) return <p role="status">Loading reviews...</p>;
  if (reviews.isError) {
    return (
      <p role="alert" className="font-medium text-red-700">
        {'Failed to load data: ' + reviews.error.message}
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <Table aria-label={label} aria-busy={reviews.isFetching}>
        <TableHeader>
          <TableRow>
            <TableHead>Meal Title</TableHead>
            {showAuthor ? <TableHead>Author</TableHead> : null}
            <TableHead>Review</TableHead>
            <TableHead>Likes</TableHead>
            <TableHead>Reviews</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reviews.data.items.length === 0 ? (
            <TableEmpty colSpan={showAuthor ? 6 : 5}>No reviews found.</TableEmpty>
          ) : (
            reviews.data.items.map((review) => (
              <TableRow key={review._id}>
                <TableCell className="font-medium text-slate-900">{review.mealTitle}</TableCell>
                {showAuthor ? <TableCell>{review.userName}</TableCell> : null}
                <TableCell className="max-w-md">{review.review}</TableCell>
                <TableCell>{review.mealLikes}</TableCell>
                <TableCell>{review.mealReviewCount}</TableCell>
                <TableCell>
                  <div className="flex gap-2">
                    {review.mealId ? (
                      <Button size="sm" variant="outline" asChild>
                        <Link to={paths.meal(review.mealId)} aria-label={`View Meal: ${review.mealTitle}`}>
                          <Eye aria-hidden="true" />
                          View Meal
                        </Link>
                      </Button>
                    ) : (
                      // A review whose meal id was lost has nowhere to go; say so rather than open a broken page.
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`View Meal: ${review.mealTitle}`}
                        onClick={() => notice({ title: 'Error', text: 'Meal ID not found.', tone: 'error' })}
                      >
                        <Eye aria-hidden="true" />
                        View Meal
                      </Button>
                    )}
                    <Button size="sm" variant="outline" aria-label={`Delete review of ${review.mealTitle}`} onClick={() => setToDelete(review)}>
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        text="This review will be deleted permanently."
        confirmLabel="Yes, delete it!"
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
      />
    </div>
  );
}
