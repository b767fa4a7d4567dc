import type { AuditEntity } from '@hostel/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useEntityDiff } from '../api/get-entity-diff';
import { ChangeList } from './change-list';

/** An edit's 'What changed', read from the diff endpoint (the version before → this one) when first opened. */
export function WhatChanged({ entity, id, version }: { entity: AuditEntity; id: string; version: number }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const diff = useEntityDiff(entity, id, version - 1, version, { enabled: open });
  const changes = diff.data?.changes ?? [];

  return (
    <div className="grid justify-items-start gap-1">
      <Button variant="link" size="sm" className="h-auto px-0" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((value) => !value)}>
        What changed
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <div id={regionId} hidden={!open} className="w-full rounded-md bg-slate-50 p-2">
        {!open ? null : diff.isPending ? (
          <p role="status" className="text-sm">
            Loading changes...
          </p>
        ) : diff.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {'Could not load the changes: ' + diff.error.message}
          </p>
        ) : (
          <ChangeList changes={changes} />
        )}
      </div>
    </div>
  );
}
