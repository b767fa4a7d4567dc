import { type ComponentType, createContext, lazy, Suspense, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ShownToast, ToastLayerProps, ToastMessage } from './toast-message';

const ToastContext = createContext<((toast: ToastMessage) => void) | null>(null);

// Radix's toasts (and their icons) load with the first toast: a page that shows none, like a
// visitor's, goes without them. When they cannot come (offline, or a newer build replaced them), the
// toasts go unshown rather than take the app down: they never carry what the screen does not.
const ToastLayer = lazy<ComponentType<ToastLayerProps>>(() =>
  import('./toast-layer').then(
    (layer) => ({ default: layer.ToastLayer }),
    () => ({ default: () => null }),
  ),
);

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
      {children}
      {/* Once there has been a toast, the layer (and its F8 viewport) stays. */}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastLayer toasts={toasts} close={close} durationMs={DEFAULT_DURATION_MS} />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}

/** Shows a toast (see ToastMessage). */
export function useToast() {
  const show = use(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
