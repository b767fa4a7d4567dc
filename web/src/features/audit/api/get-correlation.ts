import { AuditPage } from '@hostel/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { AUDIT_PAGE_SIZE } from './search-events';

/** `GET /api/audit/correlations/{id}`: every event one request caused, across streams, in commit order. */
export async function getCorrelation(api: ApiClient, correlationId: string, after?: string): Promise<AuditPage> {
  return AuditPage.parse(await api.get(`/api/audit/correlations/${encodeURIComponent(correlationId)}`, { query: { after, limit: AUDIT_PAGE_SIZE } }));
}

export function correlationQueryOptions(api: ApiClient, correlationId: string) {
  return infiniteQueryOptions({
    queryKey: ['audit-log', 'correlation', correlationId],
    queryFn: ({ pageParam }) => getCorrelation(api, correlationId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
  });
}

export function useCorrelation(correlationId: string) {
  const api = useApi();
  return useInfiniteQuery(correlationQueryOptions(api, correlationId));
}
