import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { createContext, useCallback, useEffect, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { useReturnFocus } from './return-focus';
import { useProvided } from '@/lib/use-provided';
import { DIALOG_OVERLAY, dialogPanel } from './dialog-styles';

/** A message the user must see: a title, optional text, and whether it closes on its own. */
export interface Notice {
  title: string;
  text?: string;
  tone?: 'success' | 'error' | 'warning' | 'info';
  /** Closes by itself after this long (the spec's success dialogs: 1.5 s, promotions: 2 s). */
  autoCloseMs?: number;
  /** A button that does something (e.g. 'Go to Sign Up') in place of the plain OK. */
  action?: { label: string; onSelect: () => void };
}

const NoticeContext = createContext<((notice: Notice) => void) | null>(null);

const tones = {
  success: { Icon: CircleCheck, color: 'text-emerald-700' },
  error: { Icon: CircleAlert, color: 'text-red-700' },
  warning: { Icon: TriangleAlert, color: 'text-amber-700' },
  info: { Icon: Info, color: 'text-sky-800' },
} as const;

/**
 * Hosts one modal notice above every route, so a dialog opened just before a navigation (e.g.
 * 'Login Successful' then going to /) stays up on the next screen. It is a Radix Dialog: focus moves
 * into it, Escape and the OK button close it, it is announced with its title and text, and focus
 * returns to what opened it. Its icon says its tone (`data-tone`).
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const returnFocus = useReturnFocus();

  const show = useCallback((next: Notice) => {
    setNotice(next);
    setOpen(true);
  }, []);

  useEffect(() => {
    if (!open || !notice?.autoCloseMs) return;
    const timer = setTimeout(() => setOpen(false), notice.autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, notice]);

  const { Icon, color } = tones[notice?.tone ?? 'info'];
  return (
    <NoticeContext value={show}>
      {children}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className={DIALOG_OVERLAY} />
          {/* Radix portals the overlay and the content separately, so the content must outrank it. */}
          <Dialog.Content
            {...returnFocus}
            data-tone={notice?.tone ?? 'info'}
            className={dialogPanel('max-w-md justify-items-center gap-3 text-center')}
            {...(notice?.text ? {} : { 'aria-describedby': undefined })}
          >
            <Icon aria-hidden="true" className={cn('size-12', color)} />
            <Dialog.Title className="text-xl font-semibold text-slate-900">{notice?.title}</Dialog.Title>
            {notice?.text ? <Dialog.Description className="text-slate-700">{notice.text}</Dialog.Description> : null}
            <Dialog.Close asChild>
              <Button className="mt-2 min-w-24" onClick={notice?.action?.onSelect}>
                {notice?.action?.label ?? 'OK'}
              </Button>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </NoticeContext>
  );
}

/** Opens a notice dialog (the product's replacement for window.alert). */
export function useNotice() {
  return useProvided(NoticeContext, 'useNotice needs a NoticeProvider above it');
}
