import { DASHBOARD_PAGE_SIZE } from '@hostel/contracts';
import { useState } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSessionUser } from '@/lib/auth';
import { usePageCount } from '@/lib/use-page';
import { usePayments } from '../api/get-payments';

const orNA = (value: string | null | undefined) => value || 'N/A';

/** Payment History: #, Package, Amount, Date (local), 10 a page, newest first. */
export function PaymentHistory() {
  const user = useSessionUser();
  const [page, setPage] = useState(0);
  const payments = usePayments(user?.email, page);
  const pageCount = usePageCount(payments.data?.total, page, setPage);

  if (payments.isPending) return <p role="status">Loading payment history...</p>;
  if (payments.isError) {
    return (
      <p role="alert" className="font-medium text-red-700">
        Failed to load payment history.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <Table aria-label="Payments" aria-busy={payments.isFetching}>
        <TableHeader>
          <TableRow>
            <TableHead>#</TableHead>
            <TableHead>Package</TableHead>
            <TableHead>Amount</TableHead>
            <TableHead>Date</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {payments.data.items.length === 0 ? (
            <TableEmpty colSpan={4}>No payment history found yet.</TableEmpty>
          ) : (
            payments.data.items.map((payment, index) => (
              <TableRow key={payment._id}>
                <TableCell>{page * DASHBOARD_PAGE_SIZE + index + 1}</TableCell>
                <TableCell className="font-medium text-slate-900">{orNA(payment.package)}</TableCell>
                <TableCell>{orNA(payment.price)}</TableCell>
                <TableCell>{payment.date ? new Date(payment.date).toLocaleDateString() : 'N/A'}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
    </div>
  );
}
