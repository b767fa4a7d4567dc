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

/** Which way a list reads: newest first (what an auditor opens on) or in commit order. */
export type AuditOrder = 'desc' | 'asc';

/** `GET /api/audit/events`: one page, newest first or in commit order, after `after` (exclusive); `next` starts the following one. */
export async function searchEvents(api: ApiClient, filter: AuditFilter, order: AuditOrder, after?: string, limit = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  return AuditPage.parse(await api.get('/api/audit/events', { query: { ...filter, order, after, limit } }));
}

/** `GET /api/audit/events?newest=true`: the newest `limit` events of the whole log, in commit order. */
export async function newestEvents(api: ApiClient, limit: number): Promise<AuditPage> {
  return AuditPage.parse(await api.get('/api/audit/events', { query: { newest: 'true', limit } }));
}

/**
 * Under 'audit-log', not 'audit': the server's `changed {resource: 'audit'}` push (an event landed) refreshes
 * only the live tail, never a search someone is reading page by page.
 */
export function useSearchEvents(filter: AuditFilter, order: AuditOrder) {
  return useAuditPages(['audit-log', 'events', filter, order], (api, after) => searchEvents(api, filter, order, after));
}
