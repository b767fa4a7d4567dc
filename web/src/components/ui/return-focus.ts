import { useEffect, useRef } from 'react';

const focusable = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element.isConnected && !element.matches(':disabled') && element !== document.body;

/**
 * Focus goes back to what opened a dialog when it closes (keyboard users would otherwise land at the
 * top of the page). Our dialogs are opened from state, not by a Radix Trigger, so Radix does not know
 * the opener: it is whatever had focus when the dialog opened. A button that was disabled while its
 * action ran has lost focus by then (the browser's focus fixup), so the element focused last before
 * the dialog (outside it) stands in. Spread the handlers on the dialog's Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !content.current?.contains(target) && !target.closest('[role="dialog"],[role="alertdialog"]'))
        lastFocused.current = target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  return {
    ref: content,
    onOpenAutoFocus: () => {
      // Runs before Radix moves focus into the dialog: the active element is still the opener.
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      opener.current = focusable(active) ? active : lastFocused.current;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = [opener.current, lastFocused.current].find(focusable);
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
