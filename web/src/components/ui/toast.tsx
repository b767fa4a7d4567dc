import { CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { createContext, useContext, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';

/**
 * A passing message that must not stop the user: the kitchen moving a request on (with Undo), a
 * student's meal being ready. Unlike the notice dialog it takes no focus; Radix announces it politely,
 * F8 moves focus to it, and it waits while hovered or focused.
 */
export interface ToastMessage {
  title: string;
  text?: string;
  tone?: 'success' | 'info' | 'warning';
  /** One action (say, Undo). `altText` tells screen-reader users how to do it without the toast. */
  action?: { label: string; altText: string; onSelect: () => void };
  /** How long it stays (default 6 s). */
  durationMs?: number;
  /** A later toast with the same key takes this one's place (say, one request's latest stage change, whose Undo is the only one that still holds). */
  replaces?: string;
}

interface ShownToast extends ToastMessage {
  id: number;
  open: boolean;
}

const ToastContext = createContext<((toast: ToastMessage) => void) | null>(null);

const tones = {
  success: { Icon: CircleCheck, color: 'text-emerald-700' },
  info: { Icon: Info, color: 'text-sky-800' },
  warning: { Icon: TriangleAlert, color: 'text-amber-700' },
} as const;

/** A toast a second thing replaces: at most this many are on show, the oldest leave first. */
const MAX_SHOWN = 3;
const DEFAULT_DURATION_MS = 6000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(0);

  const show = useCallback((toast: ToastMessage) => {
    const id = ++nextId.current;
    const kept = (item: ShownToast) => item.open && !(toast.replaces !== undefined && item.replaces === toast.replaces);
    setToasts((shown) => [...shown.filter(kept).slice(-(MAX_SHOWN - 1)), { ...toast, id, open: true }]);
  }, []);
  const close = useCallback((id: number) => setToasts((shown) => shown.map((item) => (item.id === id ? { ...item, open: false } : item))), []);
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext value={value}>
      <Toast.Provider duration={DEFAULT_DURATION_MS} swipeDirection="right" label="Notification">
        {children}
        {toasts.map((toast) => {
          const { Icon, color } = tones[toast.tone ?? 'info'];
          return (
            <Toast.Root
              key={toast.id}
              open={toast.open}
              onOpenChange={(open) => (open ? undefined : close(toast.id))}
              duration={toast.durationMs ?? DEFAULT_DURATION_MS}
              // Announced politely: news, never an interruption.
              type="background"
              data-tone={toast.tone ?? 'info'}
              className="pointer-events-auto flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-lg data-[state=closed]:hidden"
            >
              <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', color)} />
              <div className="grid min-w-0 flex-1 gap-1">
                <Toast.Title className="font-semibold text-slate-900">{toast.title}</Toast.Title>
                {toast.text ? <Toast.Description className="text-sm text-slate-700">{toast.text}</Toast.Description> : null}
              </div>
              {toast.action ? (
                <Toast.Action altText={toast.action.altText} asChild>
                  <button type="button" className={buttonVariants({ variant: 'outline', size: 'sm' })} onClick={toast.action.onSelect}>
                    {toast.action.label}
                  </button>
                </Toast.Action>
              ) : null}
              <Toast.Close aria-label="Dismiss" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'px-2' })}>
                <X aria-hidden="true" />
              </Toast.Close>
            </Toast.Root>
          );
        })}
        <Toast.Viewport className="pointer-events-none fixed right-0 bottom-0 z-[70] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none focus-visible:outline-2 focus-visible:outline-orange-700" />
      </Toast.Provider>
    </ToastContext>
  );
}

/** Shows a toast (see ToastMessage). */
export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
