import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

/** Renders the whole app (providers and route table) at a URL, in memory; live updates only when asked (they need a socket). */
export function renderApp(url: string, { liveUpdates = false }: { liveUpdates?: boolean } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProvider liveUpdates={liveUpdates}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
