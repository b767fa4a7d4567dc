import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native select: keyboard, screen readers and mobile pickers work as users expect. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900',
        'focus-visible:border-orange-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-orange-700',
        'aria-invalid:border-red-700 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
