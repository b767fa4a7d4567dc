import { useMutation } from '@tanstack/react-query';
import type { AuditExportLink } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import type { AuditFilter } from './search-events';

export type ExportFormat = 'ndjson' | 'csv';

/**
 * `GET /api/audit/export-link`: a link, good for one download within a minute, that downloads every
 * event the search finds, one a line with its chain hash. Followed as a plain link, the export
 * streams to the browser's downloads, however long it is, rather than into the page's memory. The server records
 * the export itself (AuditExported) when the link is followed, before a line leaves.
 */
export function exportLink(api: ApiClient, filter: AuditFilter, format: ExportFormat) {
  return api.get<AuditExportLink>('/api/audit/export-link', { query: { ...filter, format } });
}

export function useExportEvents() {
  const api = useApi();
  return useMutation({ mutationFn: ({ filter, format }: { filter: AuditFilter; format: ExportFormat }) => exportLink(api, filter, format) });
}
