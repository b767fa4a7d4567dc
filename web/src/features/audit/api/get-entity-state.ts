import { type AuditEntity, AuditState } from '@hostel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/**
 * `GET /api/audit/{entity}/{id}/state?version=`: the entity as it stood after that version of its stream
 * (folded by the server with the command side's own `evolve`); the latest without a version. 404 before it existed.
 */
export async function getEntityState(api: ApiClient, entity: AuditEntity, id: string, version?: number): Promise<AuditState> {
  return AuditState.parse(await api.get(`/api/audit/${entity}/${encodeURIComponent(id)}/state`, { query: { version } }));
}

export function entityStateQueryOptions(api: ApiClient, entity: AuditEntity, id: string, version?: number) {
  return queryOptions({ queryKey: ['audit-log', entity, id, 'state', version ?? 'latest'], queryFn: () => getEntityState(api, entity, id, version) });
}

/** The version's state; while the next one loads (a slider moving), the one before stays on show. */
export function useEntityState(entity: AuditEntity, id: string, version?: number) {
  const api = useApi();
  return useQuery({ ...entityStateQueryOptions(api, entity, id, version), placeholderData: keepPreviousData });
}
