import { type AuditEntity, AuditDiff } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `GET /api/audit/{entity}/{id}/diff?from=&to=`: what each event after `from` up to `to` changed, field by field, each attributed. */
export async function getEntityDiff(api: ApiClient, entity: AuditEntity, id: string, from: number, to: number): Promise<AuditDiff> {
  return AuditDiff.parse(await api.get(`/api/audit/${entity}/${encodeURIComponent(id)}/diff`, { query: { from, to } }));
}

export function entityDiffQueryOptions(api: ApiClient, entity: AuditEntity, id: string, from: number, to: number) {
  // A stream's past never changes: what changed between two versions is read once.
  return queryOptions({ queryKey: ['audit-log', entity, id, 'diff', from, to], queryFn: () => getEntityDiff(api, entity, id, from, to), staleTime: Infinity });
}

export function useEntityDiff(entity: AuditEntity, id: string, from: number, to: number, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({ ...entityDiffQueryOptions(api, entity, id, from, to), enabled: enabled && from >= 0 });
}
