import type { MealRequestDto } from '@hostel/contracts';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useNotice } from '@/components/ui/notice-dialog';
import { Pagination } from '@/components/ui/pagination';
import { SearchField } from '@/components/ui/search-input';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePageCount } from '@/lib/use-page';
import { useSearchedPages } from '@/lib/use-searched-pages';
import { useAdminMealRequests, useMealRequestCommands } from '../api/meal-requests';
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

/** Serve Meals: the live queue of every request, newest first, searched by email or name, 10 a page. */
export function ServeMeals() {
  const { searchText, setSearchText, search, page, setPage } = useSearchedPages();
  const requests = useAdminMealRequests({ search, page });
  const pageCount = usePageCount(requests.data?.total, page, setPage);

  return (
    <div className="grid gap-4">
      <SearchField id="request-search" label="Search requests" placeholder="Search by email or username" value={searchText} onValueChange={setSearchText} />
      {requests.isPending ? (
        <p role="status">Loading requested meals...</p>
      ) : requests.isError ? (
        <p role="alert" className="font-medium text-red-700">
          Failed to fetch requested meals
        </p>
      ) : (
        <>
          <Table aria-label="Requested meals" aria-busy={requests.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead>Meal Title</TableHead>
                <TableHead>User Email</TableHead>
                <TableHead>User Name</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Serve</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {requests.data.items.length === 0 ? (
                <TableEmpty colSpan={5}>No requested meals found.</TableEmpty>
              ) : (
                requests.data.items.map((request) => (
                  <TableRow key={request._id}>
                    <TableCell className="font-medium text-slate-900">{request.mealTitle}</TableCell>
                    <TableCell>{request.userEmail}</TableCell>
                    <TableCell>{request.userName}</TableCell>
                    <TableCell>
                      <RequestStatus status={request.status} />
                    </TableCell>
                    <TableCell>
                      <ServeAction request={request} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
        </>
      )}
    </div>
  );
}
