import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useReturnFocus } from './return-focus';
import { DIALOG_OVERLAY, dialogPanel } from './dialog-styles';

/**
 * A dialog holding a form: titled, focus kept inside, closed by Escape, the X or the form's own buttons;
 * focus then returns to what opened it.
 */
export function Modal({ open, onOpenChange, title, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode }) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content {...returnFocus} aria-describedby={undefined} className={dialogPanel('max-h-[calc(100vh-2rem)] max-w-lg gap-4 overflow-y-auto')}>
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold text-slate-900">{title}</Dialog.Title>
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
