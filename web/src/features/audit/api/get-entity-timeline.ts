import { type AuditEntity, AuditPage } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { AUDIT_PAGE_SIZE, useAuditPages } from './audit-pages';
import type { AuditOrder } from './search-events';

/** `GET /api/audit/{entity}/{id}`: the events that mention it (its own and others'), newest first or in commit order, a keyset page at a time. */
export async function getEntityTimeline(api: ApiClient, entity: AuditEntity, id: string, order: AuditOrder, after?: string): Promise<AuditPage> {
  return AuditPage.parse(await api.get(`/api/audit/${entity}/${encodeURIComponent(id)}`, { query: { order, after, limit: AUDIT_PAGE_SIZE } }));
}

export function useEntityTimeline(entity: AuditEntity, id: string, order: AuditOrder) {
  return useAuditPages(['audit-log', entity, id, 'timeline', order], (api, after) => getEntityTimeline(api, entity, id, order, after));
}
