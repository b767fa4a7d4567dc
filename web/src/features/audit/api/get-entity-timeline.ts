import { type AuditEntity, AuditPage } from '@hostel/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { AUDIT_PAGE_SIZE } from './search-events';

/** `GET /api/audit/{entity}/{id}`: its events in commit order, its own stream's and those that mention it, a keyset page at a time. */
export async function getEntityTimeline(api: ApiClient, entity: AuditEntity, id: string, after?: string): Promise<AuditPage> {
  return AuditPage.parse(await api.get(`/api/audit/${entity}/${encodeURIComponent(id)}`, { query: { after, limit: AUDIT_PAGE_SIZE } }));
}

export function entityTimelineQueryOptions(api: ApiClient, entity: AuditEntity, id: string) {
  return infiniteQueryOptions({
    queryKey: ['audit-log', entity, id, 'timeline'],
    queryFn: ({ pageParam }) => getEntityTimeline(api, entity, id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
  });
}

export function useEntityTimeline(entity: AuditEntity, id: string) {
  const api = useApi();
  return useInfiniteQuery(entityTimelineQueryOptions(api, entity, id));
}
