import { Suspense, type ReactNode } from 'react';

/**
 * A part of a page below the fold: the server draws it with the page, and the browser hydrates it
 * after the page, in a pass and a commit of its own at React's lowest priority (a Suspense boundary
 * met while hydrating is left as the server drew it and hydrated later; a click in it hydrates it at
 * once). The page's own hydration, and its commit, are then shorter. Rendered in the browser, it is
 * drawn straight away like the rest.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
