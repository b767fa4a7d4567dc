import { AuditPage } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { AUDIT_PAGE_SIZE, useAuditPages } from './audit-pages';

/**
 * A search of the whole log, as `GET /api/audit/events` takes it: every filter optional; `entity` is
 * `<entity>:<id>` or a bare id, `actor` an email or a user id, `from`/`to` ISO times.
 */
export interface AuditFilter {
  entity?: string | undefined;
  actor?: string | undefined;
  type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** `GET /api/audit/events`: one page in commit order after `after` (exclusive); `next` starts the following one. */
export async function searchEvents(api: ApiClient, filter: AuditFilter, after?: string, limit = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  return AuditPage.parse(await api.get('/api/audit/events', { query: { ...filter, after, limit } }));
}

/** `GET /api/audit/events?newest=true`: the newest `limit` events of the whole log, in commit order. */
export async function newestEvents(api: ApiClient, limit: number): Promise<AuditPage> {
  return AuditPage.parse(await api.get('/api/audit/events', { query: { newest: 'true', limit } }));
}

/**
 * Under 'audit-log', not 'audit': the server's `changed {resource: 'audit'}` push (an event landed) refreshes
 * only the live tail, never a search someone is reading page by page.
 */
export function useSearchEvents(filter: AuditFilter) {
  return useAuditPages(['audit-log', 'events', filter], (api, after) => searchEvents(api, filter, after));
}
