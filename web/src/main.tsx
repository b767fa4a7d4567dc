import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, loadRoutesAt } from './app/router';
import { readSsrState } from './app/ssr/state';
import { createQueryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A public page comes rendered by the server (app/ssr/public-pages.ts) with what it was rendered from:
// the same reads and the same screens' code make the first render here the server's, which hydrates it.
const ssr = readSsrState();
if (ssr) {
  const queryClient = createQueryClient();
  hydrate(queryClient, ssr.queries);
  // Not a top-level await: the screens' chunks import this one, which must have finished running first.
  void loadRoutesAt(window.location).then(() =>
    hydrateRoot(
      root,
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <AppRouter hydrationData={ssr.router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}
