import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/** A search box with its magnifier; label it like any input (a <Label htmlFor> or aria-label). */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative flex-1">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600" />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}
