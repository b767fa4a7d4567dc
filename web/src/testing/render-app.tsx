import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

/** Renders the whole app (providers and route table) at a URL, in memory, without live updates. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProvider liveUpdates={false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
