import type { AuditPage } from '@hostel/contracts';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/** Events a page: the log is long, and keyset pages cost the same wherever they start. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * An audit list read a keyset page at a time, under `queryKey` (below 'audit-log'): `page(api, after)`
 * reads the page after a cursor, and each page's `next` is where the following one starts.
 */
export function useAuditPages(queryKey: QueryKey, page: (api: ApiClient, after: string | undefined) => Promise<AuditPage>) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => page(api, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
  });
}
