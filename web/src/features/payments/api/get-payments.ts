import { DASHBOARD_PAGE_SIZE } from '@hostel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { getPage } from '@/lib/get-page';

/** A history row; a record missing its package or price shows 'N/A' rather than failing the page. */
const PaymentRow = z.object({ _id: z.string(), package: z.string().nullish(), price: z.string().nullish(), date: z.string().nullish() });
export type PaymentRow = z.infer<typeof PaymentRow>;

/** `GET /payments?email=`: the member's payments, newest first, a page at a time (total in X-Total-Count). */
export function getPayments(api: ApiClient, email: string, page: number) {
  return getPage(api, '/payments', PaymentRow, { query: { email }, skip: page * DASHBOARD_PAGE_SIZE, limit: DASHBOARD_PAGE_SIZE });
}

export function paymentsQueryOptions(api: ApiClient, email: string, page: number) {
  return queryOptions({ queryKey: ['payments', email, page], queryFn: () => getPayments(api, email, page) });
}

export function usePayments(email: string | undefined, page: number) {
  const api = useApi();
  return useQuery({ ...paymentsQueryOptions(api, email ?? '', page), enabled: Boolean(email), placeholderData: keepPreviousData });
}
