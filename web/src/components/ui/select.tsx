import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { fieldClasses } from './input';

/** A native select: keyboard, screen readers and mobile pickers work as users expect. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn('h-10', fieldClasses, className)} {...props} />;
}
