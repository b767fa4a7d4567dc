import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useReturnFocus } from './return-focus';
import { DIALOG_OVERLAY, dialogPanel } from './dialog-styles';

/**
 * A dialog holding a form: titled, focus kept inside, closed by Escape, the X or the form's own buttons;
 * focus then returns to what opened it. It opens on its first focusable element (the X), or with
 * `focusFirstField` on its form's first field, where a one-field form's reader starts typing.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  focusFirstField = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  focusFirstField?: boolean;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  const onOpenAutoFocus = (event: Event) => {
    returnFocus.onOpenAutoFocus();
    if (!focusFirstField) return;
    const field = returnFocus.ref.current?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
    );
    if (!field) return;
    event.preventDefault();
    field.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content
          {...returnFocus}
          onOpenAutoFocus={onOpenAutoFocus}
          aria-describedby={undefined}
          className={dialogPanel('max-h-[calc(100vh-2rem)] max-w-lg gap-4 overflow-y-auto')}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold text-slate-900 dark:text-slate-50">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
