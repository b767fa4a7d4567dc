import { type AuditEntity, AuditState } from '@hostel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/**
 * `GET /api/audit/{entity}/{id}/state?version=`: the entity as it stood at that version (after its
 * n-th own event, folded by the server with the command side's own `evolve`), with the event that made
 * it; the latest without a version. 404 before it existed.
 */
export async function getEntityState(api: ApiClient, entity: AuditEntity, id: string, version?: number): Promise<AuditState> {
  return AuditState.parse(await api.get(`/api/audit/${entity}/${encodeURIComponent(id)}/state`, { query: { version } }));
}

/** `GET /api/audit/{entity}/{id}/state?at=`: the entity as it stood at a moment (an ISO time). */
export async function getEntityStateAt(api: ApiClient, entity: AuditEntity, id: string, at: string): Promise<AuditState> {
  return AuditState.parse(await api.get(`/api/audit/${entity}/${encodeURIComponent(id)}/state`, { query: { at } }));
}

export function entityStateQueryOptions(api: ApiClient, entity: AuditEntity, id: string, version?: number) {
  return queryOptions({ queryKey: ['audit-log', entity, id, 'state', version ?? 'latest'], queryFn: () => getEntityState(api, entity, id, version) });
}

/** The version's state; while the next one loads (a slider moving), the one before stays on show. */
export function useEntityState(entity: AuditEntity, id: string, version?: number) {
  const api = useApi();
  return useQuery({ ...entityStateQueryOptions(api, entity, id, version), placeholderData: keepPreviousData });
}
