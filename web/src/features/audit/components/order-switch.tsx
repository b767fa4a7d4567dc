import { ArrowDownWideNarrow } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { AuditOrder } from '../api/search-events';

/** Newest first (on, where audit lists open) or in the order things happened. */
export function OrderSwitch({ order, onChange }: { order: AuditOrder; onChange: (order: AuditOrder) => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={order === 'desc'}
      onClick={() => onChange(order === 'desc' ? 'asc' : 'desc')}
      className="justify-self-start"
    >
      <ArrowDownWideNarrow aria-hidden="true" />
      Newest first
    </Button>
  );
}
