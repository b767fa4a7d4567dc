import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useNotice } from '@/components/ui/notice-dialog';
import { type ExportFormat, useExportEvents } from '../api/export-events';
import type { AuditFilter } from '../api/search-events';
import { download } from './save-file';

const formats: { format: ExportFormat; label: string }[] = [
  { format: 'ndjson', label: 'Export NDJSON' },
  { format: 'csv', label: 'Export CSV' },
];

/** Exports every event the filter finds (not just the pages on show) as a download; the server records each export. */
export function ExportButtons({
  filter,
  description = 'Exports every event this search finds, each with its chain hash.',
}: {
  filter: AuditFilter;
  description?: string;
}) {
  const exporting = useExportEvents();
  const notice = useNotice();
  const [saved, setSaved] = useState('');
  const descriptionId = useId();

  const run = async (format: ExportFormat) => {
    setSaved('');
    try {
      const { url } = await exporting.mutateAsync({ filter, format });
      download(url);
      setSaved('Export started: your browser is saving the file.');
    } catch (error) {
      notice({ title: 'Export failed', text: error instanceof Error ? error.message : 'Something went wrong.', tone: 'error' });
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {formats.map(({ format, label }) => {
          const busy = exporting.isPending && exporting.variables.format === format;
          return (
            <Button
              key={format}
              variant="outline"
              size="sm"
              disabled={exporting.isPending}
              aria-busy={busy}
              aria-describedby={descriptionId}
              onClick={() => void run(format)}
            >
              <Download aria-hidden="true" />
              {busy ? 'Exporting...' : label}
            </Button>
          );
        })}
      </div>
      <p id={descriptionId} className="text-sm text-slate-700">
        {description}
      </p>
      <p role="status" className="text-sm text-slate-700">
        {saved}
      </p>
    </div>
  );
}
