import { CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';
import type { ToastLayerProps } from './toast-message';

const tones = {
  success: { Icon: CircleCheck, color: 'text-emerald-700' },
  info: { Icon: Info, color: 'text-sky-800' },
  warning: { Icon: TriangleAlert, color: 'text-amber-700' },
} as const;

/** The toasts ToastProvider shows (toast.tsx), with Radix's viewport: loaded with the first toast. */
export function ToastLayer({ toasts, close, durationMs }: ToastLayerProps) {
  return (
    <Toast.Provider duration={durationMs} swipeDirection="right" label="Notification">
      {toasts.map((toast) => {
        const { Icon, color } = tones[toast.tone ?? 'info'];
        return (
          <Toast.Root
            key={toast.id}
            open={toast.open}
            onOpenChange={(open) => (open ? undefined : close(toast.id))}
            duration={toast.durationMs ?? durationMs}
            // Announced politely: news, never an interruption.
            type="background"
            data-tone={toast.tone ?? 'info'}
            className="pointer-events-auto flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-lg dark:border-slate-600 dark:bg-slate-800 data-[state=closed]:hidden"
          >
            <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', color)} />
            <div className="grid min-w-0 flex-1 gap-1">
              <Toast.Title className="font-semibold text-slate-900 dark:text-slate-50">{toast.title}</Toast.Title>
              {toast.text ? <Toast.Description className="text-sm text-slate-700 dark:text-slate-300">{toast.text}</Toast.Description> : null}
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
  );
}
