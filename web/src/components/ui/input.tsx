import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The look every form control shares: border, focus ring, invalid and disabled states. */
export const fieldClasses = [
  'w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-600',
  'dark:border-slate-500 dark:bg-slate-800 dark:text-slate-50 dark:placeholder:text-slate-400',
  'focus-visible:border-orange-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-orange-700',
  'aria-invalid:border-red-700 disabled:cursor-not-allowed disabled:opacity-60',
];

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10',
        fieldClasses,
        'file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1 file:text-sm file:font-medium file:text-slate-900',
        className,
      )}
      {...props}
    />
  );
}
