import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** The element of a server-rendered page holding what it was rendered from (JSON, not a script: the CSP runs no inline script). */
export const SSR_STATE_ID = 'ssr-state';

export interface SsrState {
  /** The query cache's reads, as the server made them. */
  queries: DehydratedState;
  /** The router's state (no loaders today, so nothing but empty records). */
  router: HydrationState;
}

/** What the server rendered this page from, or null when the page came empty (rendered here). */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as SsrState) : null;
}

/** How the browser says that hydrating the server's page failed and the page was drawn again (start-app.tsx): the journeys fail on it. */
export const HYDRATION_FAILED = 'Hydration failed: the page the server drew was drawn again in the browser.';

/** The User Timing mark set once the server's page has become the app. */
export const HYDRATED_MARK = 'hydrated';
