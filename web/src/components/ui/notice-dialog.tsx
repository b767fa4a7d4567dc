import { type ComponentType, createContext, lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Notice, NoticeDialogProps } from './notice';
import { useReturnFocus } from './return-focus';
import { useProvided } from '@/lib/use-provided';

const NoticeContext = createContext<((notice: Notice) => void) | null>(null);

// Radix's dialog (focus trap, scroll lock, portal) and the icons load with the first notice: a page
// that shows none, like a visitor's first look at the home page, goes without them. When they cannot
// come (offline, which is when 'Something went wrong' is said; or a newer build replaced them), the
// notice is still said, by the browser's own alert, and the app goes on.
const NoticeDialog = lazy<ComponentType<NoticeDialogProps>>(() =>
  import('./notice-dialog-view').then(
    (view) => ({ default: view.NoticeDialog }),
    () => ({ default: AlertNotice }),
  ),
);

function AlertNotice({ notice, open, onOpenChange }: NoticeDialogProps) {
  useEffect(() => {
    if (!open) return;
    window.alert([notice.title, notice.text].filter(Boolean).join('\n\n'));
    onOpenChange(false);
  }, [notice, open, onOpenChange]);
  return null;
}

/**
 * Hosts one modal notice above every route, so a dialog opened just before a navigation (e.g.
 * 'Login Successful' then going to /) stays up on the next screen. It is a Radix Dialog: focus moves
 * into it, Escape and the OK button close it, it is announced with its title and text, and focus
 * returns to what opened it. Its icon says its tone (`data-tone`).
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  // Listening from the start: what had focus before the first notice is where it goes back to.
  const returnFocus = useReturnFocus();

  const show = useCallback((next: Notice) => {
    setNotice(next);
    setOpen(true);
  }, []);

  return (
    <NoticeContext value={show}>
      {children}
      {/* Once there has been a notice, the dialog stays (closed), as Radix's own would. */}
      {notice ? (
        <Suspense fallback={null}>
          <NoticeDialog notice={notice} open={open} onOpenChange={setOpen} returnFocus={returnFocus} />
        </Suspense>
      ) : null}
    </NoticeContext>
  );
}

/** Opens a notice dialog (the product's replacement for window.alert). */
export function useNotice() {
  return useProvided(NoticeContext, 'useNotice needs a NoticeProvider above it');
}
