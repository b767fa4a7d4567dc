import { DASHBOARD_PAGE_SIZE } from '@hostel/contracts';
import { useState } from 'react';
import { HistoryLink } from '@/components/history-link';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { useSessionUser } from '@/lib/auth';
import { type PaymentRow, usePayments } from '../api/get-payments';

const orNA = (value: string | null | undefined) => value || 'N/A';

/** Payment History: #, Package, Amount, Date (local), 10 a page, newest first; an admin's and an auditor's with each payment's History. */
export function PaymentHistory() {
  const user = useSessionUser();
  const [page, setPage] = useState(0);
  const payments = usePayments(user?.email, page);

  const columns: DataColumn<PaymentRow>[] = [
    { header: '#', cell: (_payment, index) => page * DASHBOARD_PAGE_SIZE + index + 1 },
    { header: 'Package', cell: (payment) => orNA(payment.package), className: 'font-medium text-slate-900' },
    { header: 'Amount', cell: (payment) => orNA(payment.price) },
    { header: 'Date', cell: (payment) => (payment.date ? new Date(payment.date).toLocaleDateString() : 'N/A') },
    ...(user?.role === 'admin' || user?.role === 'auditor'
      ? [{ header: 'History', cell: (payment: PaymentRow) => <HistoryLink entity="payments" id={payment._id} of={`the ${orNA(payment.package)} payment`} /> }]
      : []),
  ];

  return (
    <DataTable
      label="Payments"
      columns={columns}
      query={payments}
      loadingText="Loading payment history..."
      errorText="Failed to load payment history."
      emptyText="No payment history found yet."
      page={page}
      onPageChange={setPage}
    />
  );
}
