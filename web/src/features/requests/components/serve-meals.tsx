import type { MealRequestDto } from '@hostel/contracts';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { DataColumn } from '@/components/ui/data-table';
import { useNotice } from '@/components/ui/notice-dialog';
import { SearchedDataTable } from '@/components/ui/searched-data-table';
import { useAdminMealRequests, useMealRequestCommands } from '../api/meal-requests';
import { KitchenQueue } from './kitchen-queue';
import { RequestStatus } from './request-status';

const SUCCESS_AUTO_CLOSE_MS = 1500;

function ServeAction({ request }: { request: MealRequestDto }) {
  const { serve } = useMealRequestCommands();
  const notice = useNotice();
  if (request.status === 'Delivered') {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700">
        <Check aria-hidden="true" className="size-5" />
        <span className="sr-only">Delivered</span>
      </span>
    );
  }
  const onServe = () =>
    serve.mutate(request._id, {
      onSuccess: () => notice({ title: 'Served!', text: 'Meal marked as Delivered!', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS }),
      onError: () => notice({ title: 'Error!', text: 'Failed to serve meal', tone: 'error' }),
    });
  return (
    <Button size="sm" disabled={serve.isPending} aria-busy={serve.isPending} aria-label={`Serve ${request.mealTitle} to ${request.userName}`} onClick={onServe}>
      Serve
    </Button>
  );
}

const columns: DataColumn<MealRequestDto>[] = [
  { header: 'Meal Title', cell: (request) => request.mealTitle, className: 'font-medium text-slate-900' },
  { header: 'User Email', cell: (request) => request.userEmail },
  { header: 'User Name', cell: (request) => request.userName },
  { header: 'Status', cell: (request) => <RequestStatus status={request.status} /> },
  { header: 'Serve', cell: (request) => <ServeAction request={request} /> },
];

/**
 * Serve Meals: the kitchen's live queue on top (see KitchenQueue), then every request, newest first,
 * searched by email or name, 10 a page (SPEC's table, with its Serve button and 'Served!').
 */
export function ServeMeals() {
  return (
    <div className="grid gap-10">
      <section aria-labelledby="serve-queue-heading" className="grid gap-4">
        <h2 id="serve-queue-heading" className="text-xl font-bold text-slate-900">
          Queue
        </h2>
        <KitchenQueue />
      </section>
      <section aria-labelledby="all-requests-heading" className="grid gap-4">
        <h2 id="all-requests-heading" className="text-xl font-bold text-slate-900">
          All requests
        </h2>
        <AllRequests />
      </section>
    </div>
  );
}

function AllRequests() {
  return (
    <SearchedDataTable
      search={{ id: 'request-search', label: 'Search requests', placeholder: 'Search by email or username' }}
      useRows={useAdminMealRequests}
      label="Requested meals"
      columns={columns}
      loadingText="Loading requested meals..."
      errorText="Failed to fetch requested meals"
      emptyText="No requested meals found."
    />
  );
}
