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

export interface ShownToast extends ToastMessage {
  id: number;
  open: boolean;
}

/** What the toast layer (toast-layer.tsx) is given by ToastProvider (toast.tsx). */
export interface ToastLayerProps {
  toasts: ShownToast[];
  close: (id: number) => void;
  durationMs: number;
}
