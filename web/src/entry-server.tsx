/**
 * The server's side of the public pages (app/ssr/public-pages.ts): renders one to HTML with its data,
 * for the browser to hydrate (main.tsx). Built for Node by build/ssr-bundle.ts; the embedded server
 * calls `renderPage` (embedded/src/web-app.ts).
 */
import { dehydrate } from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { prefetchPublicPage, PUBLIC_PAGE } from './app/ssr/public-pages';
import { SSR_STATE_ID, type SsrState } from './app/ssr/state';
import { type ServerHead, ServerHeadContext } from './components/document-title';
import { createApiClient } from './lib/api-client';
import { createAuthSession } from './lib/auth-session';
import { createQueryClient } from './lib/query-client';

export { PUBLIC_PAGE };

/** Text inside an element: `&`, `<` and `>` escaped. */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a `<script>` element: nothing in it may close the element or open a comment. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The pictures the page asks for first (`fetchPriority="high"`: the hero, the first meal card, a meal's
 * photo), as preloads for the head: the browser fetches them with the CSS, before it reaches them in the body.
 */
function imagePreloads(html: string): string {
  const sources = new Set<string>();
  for (const [img] of html.matchAll(/<img [^>]*>/g)) {
    const src = / src="([^"]*)"/.exec(img)?.[1];
    if (src && /\sfetchPriority="high"/i.test(img)) sources.add(src);
  }
  return [...sources].map((src) => `<link rel="preload" as="image" href="${src}" fetchpriority="high"/>`).join('');
}

/**
 * The page at `url` (a path with its query) as HTML: `template` (the build's index.html) with the
 * rendered page in its `#root` and the state the browser hydrates from beside it, or null when the
 * path is not a public page or did not render (the caller then sends the template as it is). `fetch`
 * answers the API's reads (the server's own routes, in-process); the render is a visitor's.
 */
export async function renderPage({ url, template, fetch }: { url: string; template: string; fetch: typeof globalThis.fetch }): Promise<string | null> {
  const location = new URL(url, 'http://localhost');
  if (!PUBLIC_PAGE.test(location.pathname) || !template.includes('<div id="root"></div>')) return null;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  // A redirect or an error of the router: the browser's app handles it as it always has.
  if (context instanceof Response || context.errors) return null;

  const queryClient = createQueryClient();
  await prefetchPublicPage(location, queryClient, createApiClient(createAuthSession(), { fetch }));
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: ServerHead = {};
  // Everything drawn once it is ready: a part that loads its code on its own (`lazy`, under Suspense) is
  // awaited and drawn like the rest, never as its fallback. An error anywhere rejects: the caller sends
  // the page empty, for the browser to render.
  const html = await renderToStringAsync(
    <ServerHeadContext value={head}>
      <AppProvider queryClient={queryClient}>
        {/* No script of the router's own: the page's CSP allows no inline script; the state goes as data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </ServerHeadContext>,
  );
  const state: SsrState = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  const title = head.title === undefined ? undefined : `<title>${escapeText(head.title)}</title>`;
  return (
    template
      // The page paints without its scripts (they only hydrate it): they come after the CSS and the pictures.
      .replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`)
      .replace(/<title>[^<]*<\/title>/, (own) => `${title ?? own}${imagePreloads(html)}`)
      // A function, not a string: `$&` and its kind in the page's text stay text.
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${html}</div><script type="application/json" id="${SSR_STATE_ID}">${scriptSafe(JSON.stringify(state))}</script>`,
      )
  );
}
