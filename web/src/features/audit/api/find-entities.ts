import { AuditEntitySearch } from '@hostel/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** `GET /api/audit/entities?q=`: meals, upcoming meals and people whose name or email is begun, contains, or roughly spells what was typed. */
export async function findEntities(api: ApiClient, typed: string): Promise<AuditEntitySearch> {
  return AuditEntitySearch.parse(await api.get('/api/audit/entities', { query: { q: typed } }));
}

/** What the search box finds for `typed` (nothing asked below two characters); the last answer stays while the next loads. */
export function useFindEntities(typed: string) {
  const api = useApi();
  const q = typed.trim();
  return useQuery({
    queryKey: ['audit-log', 'entities', q],
    queryFn: () => findEntities(api, q),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
