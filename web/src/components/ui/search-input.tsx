import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';

/** A search box with its magnifier; label it like any input (a <Label htmlFor> or aria-label). */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative flex-1">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600" />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}

/** A labelled search box above a dashboard list: the text as typed, changed on every keystroke. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onValueChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <div className="grid max-w-md gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <SearchInput id={id} placeholder={placeholder} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </div>
  );
}
