import type { ReactNode } from 'react';
import { Label } from './label';

/** The accessibility wiring of one form control: its id, whether it is invalid, and what describes it. */
export function fieldAria(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? `${id}-error` : null, hintId].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/**
 * A label, one control (wired with `fieldAria`) and the control's error message. A `required` field's
 * label carries the usual red asterisk (drawn by CSS; the control itself says `aria-required`).
 */
export function FormField({
  id,
  label,
  error,
  required,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} data-required={required || undefined} className={required ? "after:ml-0.5 after:text-red-700 after:content-['*']" : undefined}>
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
