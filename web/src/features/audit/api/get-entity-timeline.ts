import { type AuditEntity, AuditPage } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { AUDIT_PAGE_SIZE, useAuditPages } from './audit-pages';

/** `GET /api/audit/{entity}/{id}`: its events in commit order, its own stream's and those that mention it, a keyset page at a time. */
export async function getEntityTimeline(api: ApiClient, entity: AuditEntity, id: string, after?: string): Promise<AuditPage> {
  return AuditPage.parse(await api.get(`/api/audit/${entity}/${encodeURIComponent(id)}`, { query: { after, limit: AUDIT_PAGE_SIZE } }));
}

export function useEntityTimeline(entity: AuditEntity, id: string) {
  return useAuditPages(['audit-log', entity, id, 'timeline'], (api, after) => getEntityTimeline(api, entity, id, after));
}
