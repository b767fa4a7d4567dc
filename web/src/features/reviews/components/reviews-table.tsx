import { DASHBOARD_PAGE_SIZE, type ReviewDto } from '@hostel/contracts';
import { Eye, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotice } from '@/components/ui/notice-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
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
  const remove = useDeleteReview();
  const notice = useNotice();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<ReviewDto | null>(null);
  const pageCount = Math.ceil((reviews.data?.total ?? 0) / DASHBOARD_PAGE_SIZE);
  // After a deletion empties the last page, show the one before it.
  useEffect(() => {
    if (reviews.isSuccess && page > 0 && page >= pageCount) setPage(pageCount - 1);
  }, [reviews.isSuccess, page, pageCount]);

  const viewMeal = (review: ReviewDto) => {
    if (!review.mealId) return notice({ title: 'Error', text: 'Meal ID not found.', tone: 'error' });
    void navigate(paths.meal(review.mealId));
  };
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
            <TableRow>
              <TableCell colSpan={showAuthor ? 6 : 5} className="py-8 text-center text-slate-700">
                No reviews found.
              </TableCell>
            </TableRow>
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
                    <Button size="sm" variant="outline" aria-label={`View Meal: ${review.mealTitle}`} onClick={() => viewMeal(review)}>
                      <Eye aria-hidden="true" />
                      View Meal
                    </Button>
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
