import { AlertDialog } from 'radix-ui';
import { type ComponentProps, useState } from 'react';
import { Button } from './button';
import { useReturnFocus } from './return-focus';
import { DIALOG_OVERLAY, dialogPanel } from './dialog-styles';

/**
 * Asks before something that can't be undone. A Radix AlertDialog: focus starts on the way out
 * (`cancelLabel`, 'Cancel' unless the action is itself a cancelling), Escape takes it, the question is announced with its title and text, and focus returns to what asked it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title = 'Are you sure?',
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={DIALOG_OVERLAY} />
        <AlertDialog.Content {...returnFocus} className={dialogPanel('max-w-md gap-3 text-center')}>
          <AlertDialog.Title className="text-xl font-semibold text-slate-900 dark:text-slate-50">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-slate-700 dark:text-slate-300">{text}</AlertDialog.Description>
          <div className="mt-2 flex justify-center gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button className="bg-red-700 hover:bg-red-800" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A button that asks first: a click opens the ConfirmDialog `confirm` describes, and `onConfirm`
 * runs only on its confirming answer. The button takes every other prop a Button does.
 */
export function ConfirmButton({
  confirm,
  onConfirm,
  ...button
}: Omit<ComponentProps<typeof Button>, 'onClick'> & {
  confirm: { title?: string; text: string; confirmLabel: string; cancelLabel?: string };
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)} />
      <ConfirmDialog open={open} onOpenChange={setOpen} {...confirm} onConfirm={onConfirm} />
    </>
  );
}
