import { createContext, use, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A stacked table turns into one card per row when its frame is narrow (under 48rem: phones, tablets,
 * a dashboard beside its sidebar), each cell led by its column's name, so every action stays in reach
 * without sideways scrolling. Explicit roles keep it a table to assistive technology whatever its display.
 */
const Stacked = createContext(false);

export function Table({ className, stacked = false, ...props }: ComponentProps<'table'> & { stacked?: boolean }) {
  return (
    <Stacked value={stacked}>
      <div
        className={cn(
          'relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white',
          stacked && '@container @max-3xl:overflow-visible @max-3xl:border-0 @max-3xl:bg-transparent',
        )}
      >
        <table
          role={stacked ? 'table' : undefined}
          className={cn('w-full caption-bottom text-left text-sm', stacked && '@max-3xl:block', className)}
          {...props}
        />
      </div>
    </Stacked>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  const stacked = use(Stacked);
  return <thead role={stacked ? 'rowgroup' : undefined} className={cn('bg-slate-100 text-slate-900', stacked && '@max-3xl:sr-only', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  const stacked = use(Stacked);
  return (
    <tbody
      role={stacked ? 'rowgroup' : undefined}
      className={cn('divide-y divide-slate-200', stacked && '@max-3xl:grid @max-3xl:grid-cols-1 @max-3xl:gap-3 @max-3xl:divide-y-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  const stacked = use(Stacked);
  return (
    <tr
      role={stacked ? 'row' : undefined}
      className={cn(
        'hover:bg-slate-50',
        stacked &&
          '@max-3xl:grid @max-3xl:grid-cols-1 @max-3xl:gap-2 @max-3xl:rounded-lg @max-3xl:border @max-3xl:border-slate-200 @max-3xl:bg-white @max-3xl:p-3',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  const stacked = use(Stacked);
  return <th scope="col" role={stacked ? 'columnheader' : undefined} className={cn('px-4 py-3 font-semibold', className)} {...props} />;
}

/** A cell; in a stacked table `label` (its column's name) leads it on a card (drawn, not read twice). */
export function TableCell({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) {
  const stacked = use(Stacked);
  return (
    <td
      role={stacked ? 'cell' : undefined}
      data-label={stacked ? label : undefined}
      className={cn(
        'px-4 py-3 align-middle text-slate-800',
        // On a card a cell's content wraps (long emails, a row of buttons) rather than push past the edge.
        stacked && '@max-3xl:block @max-3xl:max-w-none @max-3xl:min-w-0 @max-3xl:p-0 @max-3xl:wrap-anywhere @max-3xl:*:flex-wrap',
        stacked &&
          label &&
          "@max-3xl:grid @max-3xl:grid-cols-[7rem_minmax(0,1fr)] @max-3xl:items-center @max-3xl:gap-2 @max-3xl:before:font-semibold @max-3xl:before:text-slate-900 @max-3xl:before:content-[attr(data-label)_/_'']",
        className,
      )}
      {...props}
    />
  );
}

/** The one row a table shows when it has nothing to list, across all its columns. */
export function TableEmpty({ colSpan, children }: { colSpan: number; children: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-8 text-center text-slate-700">
        {children}
      </TableCell>
    </TableRow>
  );
}
