import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Membership levels are told apart by colour as well as by their word. */
export const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize', {
  variants: {
    level: {
      // Membership badges by the names the API answers.
      Bronze: 'border-orange-300 bg-orange-100 text-orange-900',
      Silver: 'border-slate-300 bg-slate-200 text-slate-800',
      Gold: 'border-amber-300 bg-amber-100 text-amber-900',
      Platinum: 'border-violet-300 bg-violet-100 text-violet-900',
      none: 'border-slate-200 bg-slate-50 text-slate-700',
      admin: 'border-emerald-300 bg-emerald-100 text-emerald-900',
      auditor: 'border-sky-300 bg-sky-100 text-sky-900',
    },
  },
  defaultVariants: { level: 'none' },
});

export function Badge({ className, level, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ level }), className)} {...props} />;
}
