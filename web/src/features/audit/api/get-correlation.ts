import { AuditPage } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { AUDIT_PAGE_SIZE, useAuditPages } from './audit-pages';

/** `GET /api/audit/correlations/{id}`: every event one request caused, across streams, in commit order. */
export async function getCorrelation(api: ApiClient, correlationId: string, after?: string): Promise<AuditPage> {
  return AuditPage.parse(await api.get(`/api/audit/correlations/${encodeURIComponent(correlationId)}`, { query: { after, limit: AUDIT_PAGE_SIZE } }));
}

export function useCorrelation(correlationId: string) {
  return useAuditPages(['audit-log', 'correlation', correlationId], (api, after) => getCorrelation(api, correlationId, after));
}
