import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { DIALOG_OVERLAY, dialogPanel } from './dialog-styles';
import type { Notice, NoticeDialogProps } from './notice';

const tones = {
  success: { Icon: CircleCheck, color: 'text-emerald-700' },
  error: { Icon: CircleAlert, color: 'text-red-700' },
  warning: { Icon: TriangleAlert, color: 'text-amber-700' },
  info: { Icon: Info, color: 'text-sky-800' },
} as const;

/**
 * Closes a notice that closes by itself once it has been on screen that long: drawn inside the dialog's
 * content, which the portal puts on the page a render after the dialog opens (later still on a busy
 * phone), so the time counts from when it can be read.
 */
function CloseAfter({ ms, notice, onOpenChange }: { ms: number; notice: Notice; onOpenChange: (open: boolean) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onOpenChange(false), ms);
    return () => clearTimeout(timer);
  }, [ms, notice, onOpenChange]);
  return null;
}

/** The notice dialog NoticeProvider shows (notice-dialog.tsx): loaded with the first notice. */
export function NoticeDialog({ notice, open, onOpenChange, returnFocus }: NoticeDialogProps) {
  const { Icon, color } = tones[notice.tone ?? 'info'];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        {/* Radix portals the overlay and the content separately, so the content must outrank it. */}
        <Dialog.Content
          {...returnFocus}
          data-tone={notice.tone ?? 'info'}
          className={dialogPanel('max-w-md justify-items-center gap-3 text-center')}
          {...(notice.text ? {} : { 'aria-describedby': undefined })}
        >
          {notice.autoCloseMs ? <CloseAfter ms={notice.autoCloseMs} notice={notice} onOpenChange={onOpenChange} /> : null}
          <Icon aria-hidden="true" className={cn('size-12', color)} />
          <Dialog.Title className="text-xl font-semibold text-slate-900 dark:text-slate-50">{notice.title}</Dialog.Title>
          {notice.text ? <Dialog.Description className="text-slate-700 dark:text-slate-300">{notice.text}</Dialog.Description> : null}
          <Dialog.Close asChild>
            <Button className="mt-2 min-w-24" onClick={notice.action?.onSelect}>
              {notice.action?.label ?? 'OK'}
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
