import { useEffect, useRef } from 'react';

const focusable = (element: HTMLElement | null | undefined): element is HTMLElement =>
  element != null && element.isConnected && !element.matches(':disabled') && element !== document.body;

/** The controls Tab stops at (what a keyboard user moves between). */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
const DIALOGS = '[role="dialog"],[role="alertdialog"]';
const canTake = (control: HTMLElement) => focusable(control) && !control.closest(`${DIALOGS},[inert],[hidden]`);

/**
 * Where a control stands on the page, taken while it is there: its containers (innermost first, up to
 * the page's <main> or <body>, neither of them included: past them nothing is near any more), and the
 * other controls after and before it (nearest first).
 */
export interface Place {
  containers: HTMLElement[];
  after: HTMLElement[];
  before: HTMLElement[];
}

/** A control's containers, innermost first, short of the page's <main> or <body>. */
function containersOf(control: HTMLElement): HTMLElement[] {
  const containers: HTMLElement[] = [];
  for (let container = control.parentElement; container && container !== document.body; container = container.parentElement) {
    if (container.matches('main') || container.querySelector('main')) break;
    containers.push(container);
  }
  return containers;
}

/**
 * The place of `control`. One already taken off the page has no controls after or before it any more:
 * then only its `containers` as they were (taken while it was there) say where it stood.
 */
export function placeOf(control: HTMLElement, containers = containersOf(control)): Place {
  if (!control.isConnected) return { containers, after: [], before: [] };
  const others = [...document.querySelectorAll<HTMLElement>(CONTROLS)].filter((other) => other !== control && !other.closest(DIALOGS));
  const after = others.filter((other) => control.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING);
  const before = others.filter((other) => control.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_PRECEDING).reverse();
  return { containers, after, before };
}

/**
 * Focuses what is nearest to `place` now that the control there is gone (or can't take focus): within
 * the innermost of its containers still on the page, the first control that followed it, else one that
 * came since (what replaced it), else the last one before it. Answers whether there was one.
 */
export function focusNear(place: Place): boolean {
  const known = new Set([...place.after, ...place.before]);
  for (const container of place.containers) {
    if (!container.isConnected) continue;
    const within = (control: HTMLElement) => container.contains(control) && canTake(control);
    const target =
      place.after.find(within) ??
      [...container.querySelectorAll<HTMLElement>(CONTROLS)].find((control) => !known.has(control) && canTake(control)) ??
      place.before.find(within);
    if (target) {
      target.focus();
      return true;
    }
  }
  return false;
}

/** Whether the focus has been lost to the page itself (what had it was removed, or never was). */
const focusLost = () => !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;

/**
 * A ref for a control that goes away once it has done its work (Try again, once the read succeeds): if
 * it has the focus as it goes, the focus goes on to the nearest control (focusNear), not to the top of
 * the page. Module-level, so React calls its cleanup only when the control is removed.
 */
export function keepFocusNearby(control: HTMLElement | null) {
  if (!control) return;
  return () => {
    if (document.activeElement !== control) return;
    // Taken while the control is still on the page; used once React has put in what replaces it.
    const place = placeOf(control);
    queueMicrotask(() => {
      if (focusLost()) focusNear(place);
    });
  };
}

/**
 * Focus goes back to what opened a dialog when it closes (keyboard users would otherwise land at the
 * top of the page). Our dialogs are opened from state, not by a Radix Trigger, so Radix does not know
 * the opener: it is whatever had focus when the dialog opened. A button that was disabled while its
 * action ran has lost focus by then (the browser's focus fixup), so the element focused last before
 * the dialog (outside it) stands in. When the opener can't take the focus back as the dialog closes
 * (Make Admin is gone from its row once the user is an admin; a button is disabled for good), the focus
 * goes to the nearest control to where it stood (focusNear): the next one in its row, say. Spread the
 * handlers on the dialog's Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const openerPlace = useRef<Place | null>(null);
  const lastFocused = useRef<{ control: HTMLElement; containers: HTMLElement[] } | null>(null);
  const content = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      // Its containers are taken now, while it is on the page: it may be gone by the time a dialog opens.
      if (target instanceof HTMLElement && !content.current?.contains(target) && !target.closest(DIALOGS))
        lastFocused.current = { control: target, containers: containersOf(target) };
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  return {
    ref: content,
    onOpenAutoFocus: () => {
      // Runs before Radix moves focus into the dialog: the active element is still the opener.
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const last = lastFocused.current;
      opener.current = focusable(active) ? active : (last?.control ?? null);
      // An opener already gone (the row read again before the dialog opened) stood where its containers, taken as it was focused, say.
      openerPlace.current = opener.current ? placeOf(opener.current, opener.current.isConnected ? undefined : last?.containers) : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = [opener.current, lastFocused.current?.control ?? null].find(focusable);
      if (target) {
        event.preventDefault();
        target.focus();
      } else if (openerPlace.current && focusNear(openerPlace.current)) event.preventDefault();
    },
  };
}
