import type { useReturnFocus } from './return-focus';

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

/** What the notice dialog (notice-dialog-view.tsx) is given by NoticeProvider (notice-dialog.tsx). */
export interface NoticeDialogProps {
  notice: Notice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: ReturnType<typeof useReturnFocus>;
}
