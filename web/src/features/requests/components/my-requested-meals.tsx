import type { MealRequestDto } from '@hostel/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotice } from '@/components/ui/notice-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/auth';
import { usePageCount } from '@/lib/use-page';
import { useMealRequestCommands, useMyMealRequests } from '../api/meal-requests';
import { RequestStatus } from './request-status';

const SUCCESS_AUTO_CLOSE_MS = 1500;

/** My Requested Meals: my requests with the meal's counts and status (live when served), 10 a page, and Cancel. */
export function MyRequestedMeals() {
  const user = useSessionUser();
  const [page, setPage] = useState(0);
  const requests = useMyMealRequests({ userEmail: user?.email, page });
  const pageCount = usePageCount(requests.data?.total, page, setPage);
  const { cancel } = useMealRequestCommands();
  const notice = useNotice();
  const [toCancel, setToCancel] = useState<MealRequestDto | null>(null);

  const confirmCancel = async (request: MealRequestDto) => {
    try {
      await cancel.mutateAsync(request._id);
      notice({ title: 'Cancelled!', text: 'Your meal request has been cancelled.', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    } catch (error) {
      if (error instanceof ApiError) notice({ title: 'Failed!', ...(error.serverMessage ? { text: error.serverMessage } : {}), tone: 'error' });
      else notice({ title: 'Error!', text: 'Something went wrong.', tone: 'error' });
    }
  };

  if (!user) return <p role="status">Please login to see your requested meals.</p>;
  if (requests.isPending) return <p role="status">Loading your requested meals...</p>;
  if (requests.isError) {
    return (
      <p role="alert" className="font-medium text-red-700">
        Failed to load data.
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <Table aria-label="My requested meals" aria-busy={requests.isFetching}>
        <TableHeader>
          <TableRow>
            <TableHead>Meal Title</TableHead>
            <TableHead>Likes</TableHead>
            <TableHead>Reviews</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {requests.data.items.length === 0 ? (
            <TableEmpty colSpan={5}>You have no meal requests.</TableEmpty>
          ) : (
            requests.data.items.map((request) => (
              <TableRow key={request._id}>
                <TableCell className="font-medium text-slate-900">{request.mealTitle}</TableCell>
                <TableCell>{request.mealLikes}</TableCell>
                <TableCell>{request.mealReviewCount}</TableCell>
                <TableCell>
                  <RequestStatus status={request.status} />
                </TableCell>
                <TableCell>
                  <Button size="sm" variant="outline" aria-label={`Cancel request for ${request.mealTitle}`} onClick={() => setToCancel(request)}>
                    <X aria-hidden="true" />
                    Cancel
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(open) => !open && setToCancel(null)}
        title="Are you sure?"
        text="You won't be able to revert this cancellation!"
        confirmLabel="Yes, cancel it!"
        onConfirm={() => toCancel && void confirmCancel(toCancel)}
      />
    </div>
  );
}
