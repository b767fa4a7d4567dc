import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createLiveFeed } from '@/lib/live-updates';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the whole app (providers and route table) at a URL, in memory; live updates only when asked
 * (they need a socket). Its query cache is answered too: a test plays a live push with `applyChanged(queryClient, …)`;
 * and its live feed, for pushes a screen listens to itself and the socket's state (`liveFeed.deliver`, `liveFeed.setState`).
 */
export function renderApp(url: string, { liveUpdates = false }: { liveUpdates?: boolean } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient();
  const liveFeed = createLiveFeed();
  const view = render(
    <AppProvider liveUpdates={liveUpdates} queryClient={queryClient} liveFeed={liveFeed}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, liveFeed };
}
