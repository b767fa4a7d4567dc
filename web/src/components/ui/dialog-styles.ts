import { cn } from '@/lib/cn';

/** The dimmed page behind every dialog (form, confirmation, notice). */
export const DIALOG_OVERLAY = 'fixed inset-0 z-50 bg-slate-950/50';

/** A dialog's panel, centred over the overlay; `extra` sets its width, gaps and alignment. */
export const dialogPanel = (extra: string) =>
  cn('fixed top-1/2 left-1/2 z-[60] grid w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900', extra);
