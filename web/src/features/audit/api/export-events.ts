import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import type { AuditFilter } from './search-events';

export type ExportFormat = 'ndjson' | 'csv';

/** The file name the server gives in Content-Disposition, or one of our own. */
function fileNameOf(headers: Headers, format: ExportFormat) {
  return /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? `audit.${format}`;
}

/**
 * `GET /api/audit/export?format=&…filter`: every event the search finds, one a line with its chain hash.
 * The server records the export itself (AuditExported) before a line leaves.
 */
export async function exportEvents(api: ApiClient, filter: AuditFilter, format: ExportFormat) {
  const response = await api.request<Blob>('/api/audit/export', { query: { ...filter, format }, responseType: 'blob' });
  return { blob: response.data, fileName: fileNameOf(response.headers, format) };
}

export function useExportEvents() {
  const api = useApi();
  return useMutation({ mutationFn: ({ filter, format }: { filter: AuditFilter; format: ExportFormat }) => exportEvents(api, filter, format) });
}
