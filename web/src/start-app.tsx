/**
 * The app: React, the router, the query cache and the screens, loaded by main.tsx (after the page the
 * server drew has painted, when it drew one). Hydrates that page, or renders the app into an empty one.
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, loadRoutesAt } from './app/router';
import { HYDRATION_FAILED, HYDRATED_MARK, readSsrState } from './app/ssr/state';
import { initialSessionState } from './lib/auth-session';
import { prepareClassMerging } from './lib/cn';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Resolves in a later task: what comes after it is not part of the current one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Marks the moment the server's page became the app (a User Timing mark: devtools and Lighthouse show it; the journeys wait for it). */
function MarkHydrated() {
  useEffect(() => {
    performance.mark(HYDRATED_MARK);
  }, []);
  return null;
}

// A public page comes rendered by the server (app/ssr/public-pages.ts) with what it was rendered from:
// the same reads and the same screens' code make the first render here the server's, which hydrates it.
const ssr = readSsrState();
if (ssr) {
  const queryClient = createQueryClient();
  hydrate(queryClient, ssr.queries);
  // Not a top-level await: the screens' chunks import this one, which must have finished running first.
  // Inside a transition, hydration is time-sliced: React yields to the browser every few milliseconds
  // instead of hydrating the whole page in one long task (at the default priority it would not yield).
  void loadRoutesAt(window.location).then(async () => {
    // Each in a task of its own: the class merger's first call, then hydration's first slice.
    await nextTask();
    prepareClassMerging();
    await nextTask();
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <AppProvider queryClient={queryClient} session={initialSessionState()}>
            <AppRouter hydrationData={ssr.router} />
          </AppProvider>
          <MarkHydrated />
        </StrictMode>,
        {
          // A render here that differs from the server's (a mismatch), or a part the server could not
          // draw: React draws it again in the browser and goes on. Said plainly, so it is never silent
          // (the journeys fail on it).
          onRecoverableError: (error, { componentStack }) => console.error(HYDRATION_FAILED, error, componentStack),
        },
      );
    });
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <AppProvider session={initialSessionState()}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}
