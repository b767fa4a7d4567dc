import { AuditDigest } from '@hostel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `GET /api/audit/digest`: the ledger's head (position and chain hash), signed now; 404 while the log is empty. */
export async function getDigest(api: ApiClient): Promise<AuditDigest> {
  return AuditDigest.parse(await api.get('/api/audit/digest'));
}

export const DIGEST_QUERY_KEY = ['audit-log', 'digest'] as const;

export function digestQueryOptions(api: ApiClient) {
  // Stays as it was read until someone verifies again: the panel shows what was checked.
  return queryOptions({ queryKey: DIGEST_QUERY_KEY, queryFn: () => getDigest(api), staleTime: Infinity });
}

export function useDigest() {
  const api = useApi();
  return useQuery(digestQueryOptions(api));
}
