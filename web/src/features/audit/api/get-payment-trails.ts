import { DASHBOARD_PAGE_SIZE, PaymentTrail } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import type { Page } from '@/lib/get-page';

/** `GET /api/audit/payments?email=`: a member's payments (everyone's without an email), newest first, each with the badge events it caused. */
export async function getPaymentTrails(api: ApiClient, email: string): Promise<PaymentTrail[]> {
  return z.array(PaymentTrail).parse(await api.get('/api/audit/payments', { query: { email: email || undefined } }));
}

export function paymentTrailsQueryOptions(api: ApiClient, email: string) {
  return queryOptions({ queryKey: ['audit-log', 'payments', email], queryFn: () => getPaymentTrails(api, email) });
}

export type PaymentTrailRow = PaymentTrail & { _id: string };

/** The trails as a dashboard list pages them: 10 a page of the one answer. */
export function usePaymentTrails(email: string, page: number) {
  const api = useApi();
  return useQuery({
    ...paymentTrailsQueryOptions(api, email),
    select: (trails): Page<PaymentTrailRow> => ({
      items: trails.slice(page * DASHBOARD_PAGE_SIZE, (page + 1) * DASHBOARD_PAGE_SIZE).map((trail) => ({ ...trail, _id: trail.paymentId })),
      total: trails.length,
    }),
  });
}
