import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 disabled:pointer-events-none disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-orange-700 text-white hover:bg-orange-800',
        outline:
          'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-50 dark:hover:bg-slate-700',
        ghost: 'text-slate-900 hover:bg-slate-100 dark:text-slate-50 dark:hover:bg-slate-700',
        link: 'text-orange-800 underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/**
 * A button; with `asChild` it styles its only child instead (a router link, for instance).
 * `focusableWhenDisabled`, for a button that disables itself as it is used (Like, Request Meal): a
 * disabled button loses the focus (the browser moves it to the page, and the next Tab starts from the
 * top), so this one only says it is disabled (aria-disabled) and ignores presses, keeping the focus.
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  disabled,
  focusableWhenDisabled = false,
  onClick,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean; focusableWhenDisabled?: boolean }) {
  const Component = asChild ? Slot.Root : 'button';
  const resting = focusableWhenDisabled && disabled;
  return (
    <Component
      className={cn(buttonVariants({ variant, size, className }))}
      // A button outside a form must not submit anything by accident.
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
      disabled={resting ? undefined : disabled}
      aria-disabled={resting ? true : props['aria-disabled']}
      onClick={resting ? undefined : onClick}
    />
  );
}
