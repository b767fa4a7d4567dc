/**
 * The server's side of the public pages (app/ssr/public-pages.ts): renders one to HTML with its data,
 * for the browser to hydrate (main.tsx, start-app.tsx). Built for Node by build/ssr-bundle.ts; read-api calls
 * `renderPage` (read-api/src/web-app.ts, in both deployments: `npm start` runs read-api in its process).
 */
import { dehydrate } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { prefetchPublicPage, PUBLIC_PAGE } from './app/ssr/public-pages';
import { SSR_STATE_ID, type SsrState } from './app/ssr/state';
import { createApiClient } from './lib/api-client';
import { createAuthSession } from './lib/auth-session';
import { createQueryClient } from './lib/query-client';

export { PUBLIC_PAGE };

/** JSON inside a `<script>` element: nothing in it may close the element or open a comment. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The whole page as text once everything in it is ready: a part that loads its code on its own
 * (`lazy`, under Suspense) is drawn like the rest, never as its fallback.
 */
function renderToText(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    let failed: unknown;
    const stream = renderToPipeableStream(tree, {
      // Every part inline, however large: React otherwise sends a large Suspense boundary (a meal's many
      // reviews, a home section) after the page, to be moved into place by an inline script, which the
      // page's CSP refuses; the part would stay hidden and the browser draw it again.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => (failed === undefined ? stream.pipe(sink) : reject(failed as Error)),
      onShellError: reject,
      // An error inside a boundary would leave its fallback for the browser to fill: the page is sent empty instead.
      onError: (error) => {
        failed ??= error;
      },
    });
  });
}

/**
 * The page at `url` (a path with its query) as HTML: `template` (the build's index.html) with the
 * rendered page in its `#root` and the state the browser hydrates from beside it, or null when the
 * path is not a public page or did not render (the caller then sends the template as it is). `fetch`
 * answers the API's reads (the server's own routes, in-process); the render is a visitor's. `signedOut`:
 * the request carries no session marker, so the browser will start signed out (lib/auth-session.ts's
 * initialSessionState) and the page is drawn so; otherwise it is drawn with the session restoring.
 */
export async function renderPage({
  url,
  template,
  fetch,
  signedOut = false,
}: {
  url: string;
  template: string;
  fetch: typeof globalThis.fetch;
  signedOut?: boolean;
}): Promise<string | null> {
  const location = new URL(url, 'http://localhost');
  if (!PUBLIC_PAGE.test(location.pathname) || !template.includes('<div id="root"></div>')) return null;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  // A redirect or an error of the router: the browser's app handles it as it always has.
  if (context instanceof Response || context.errors) return null;

  const queryClient = createQueryClient();
  // One try per read: a read that fails is left out for the browser, which retries it itself (three
  // retries here, with their back-off, made a page wait 7.5 s while PostgreSQL was away).
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  await prefetchPublicPage(location, queryClient, createApiClient(createAuthSession(), { fetch }));
  // A read that failed (a missing meal's 404, a database away) is drawn as the browser first draws it, still
  // loading: only successful reads go to the browser with the page, so an error drawn here would not be there
  // to hydrate (React would throw the page away and draw it again).
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToText(
    <StrictMode>
      <AppProvider queryClient={queryClient} session={signedOut ? { status: 'signed-out' } : { status: 'restoring' }}>
        {/* No script of the router's own: the page's CSP allows no inline script; the state goes as data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const state: SsrState = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  // React puts what belongs in the head (the page's <title>, its pictures' preloads) first: it goes there.
  const head = /^(?:<title>[^<]*<\/title>|<link [^>]*\/>|<meta [^>]*\/>)*/.exec(html)?.[0] ?? '';
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0];
  const headWithout = title ? head.replace(title, '') : head;
  return (
    template
      // The page paints without its scripts (they only hydrate it): they come after the CSS and the pictures.
      .replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`)
      .replace(/<title>[^<]*<\/title>/, (own) => `${title ?? own}${headWithout}`)
      // A function, not a string: `$&` and its kind in the page's text stay text.
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${html.slice(head.length)}</div><script type="application/json" id="${SSR_STATE_ID}">${scriptSafe(JSON.stringify(state))}</script>`,
      )
  );
}
