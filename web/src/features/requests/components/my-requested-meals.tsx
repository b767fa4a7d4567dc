import type { MealRequestDto } from '@hostel/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '@/components/ui/confirm-dialog';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { useNotice } from '@/components/ui/notice-dialog';
import { ApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/auth';
import { useMealRequestCommands, useMyMealRequests } from '../api/meal-requests';
import { NotificationOptIn } from './notification-opt-in';
import { RequestStatus } from './request-status';

const SUCCESS_AUTO_CLOSE_MS = 1500;

/**
 * My Requested Meals: my requests with the meal's counts and stage (live as the kitchen moves them on),
 * 10 a page, Cancel until Delivered, and the opt-in to browser notifications.
 */
export function MyRequestedMeals() {
  const user = useSessionUser();
  const [page, setPage] = useState(0);
  const requests = useMyMealRequests({ userEmail: user?.email, page });
  const { cancel } = useMealRequestCommands();
  const notice = useNotice();

  const confirmCancel = async (request: MealRequestDto) => {
    try {
      await cancel.mutateAsync(request._id);
      notice({ title: 'Cancelled!', text: 'Your meal request has been cancelled.', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    } catch (error) {
      if (error instanceof ApiError) notice({ title: 'Failed!', ...(error.serverMessage ? { text: error.serverMessage } : {}), tone: 'error' });
      else notice({ title: 'Error!', text: 'Something went wrong.', tone: 'error' });
    }
  };

  const columns: DataColumn<MealRequestDto>[] = [
    { header: 'Meal Title', cell: (request) => request.mealTitle, className: 'font-medium text-slate-900' },
    { header: 'Likes', cell: (request) => request.mealLikes },
    { header: 'Reviews', cell: (request) => request.mealReviewCount },
    { header: 'Status', cell: (request) => <RequestStatus status={request.status} /> },
    {
      header: 'Action',
      cell: (request) =>
        // A delivered meal can no longer be cancelled (the server refuses it too).
        request.status === 'Delivered' ? (
          <span className="text-sm text-slate-700">Not cancellable</span>
        ) : (
          <ConfirmButton
            size="sm"
            variant="outline"
            aria-label={`Cancel request for ${request.mealTitle}`}
            confirm={{ text: "You won't be able to revert this cancellation!", confirmLabel: 'Yes, cancel it!', cancelLabel: 'Keep request' }}
            onConfirm={() => void confirmCancel(request)}
          >
            <X aria-hidden="true" />
            Cancel
          </ConfirmButton>
        ),
    },
  ];

  if (!user) return <p role="status">Please login to see your requested meals.</p>;
  return (
    <div className="grid gap-4">
      <NotificationOptIn />
      <DataTable
        label="My requested meals"
        columns={columns}
        query={requests}
        loadingText="Loading your requested meals..."
        errorText="Failed to load data."
        emptyText="You have no meal requests."
        page={page}
        onPageChange={setPage}
      />
    </div>
  );
}
