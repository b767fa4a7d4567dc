import { readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_MARKER_COOKIE } from '@hostel/contracts';

/**
 * The API's own paths (SPEC section 7 keeps /users, /payments and /payment beside /api; /docs, /health,
 * /metrics and socket.io's). A miss there is the API's JSON 404; everywhere else a GET is the app's.
 */
const API_PATH = /^\/(api|users|payments|payment|docs|health|metrics|socket\.io)(\/|$)/i;

/** A hashed build file (`/assets/index-3f2a….js`) never changes under its name: cached for a year, never revalidated. */
const HASHED = { maxAge: 365 * 24 * 3600 * 1000, immutable: true };
/** The build's other files (favicon, hero pictures) keep their names across builds: an hour. */
const UNHASHED = { maxAge: 3600 * 1000 };

/**
 * The home page's largest paint is the hero's first picture, which the app's script names only once it
 * runs: the answer for `/` names it first, so the browser fetches it beside the script and the CSS.
 */
const HOME_PRELOAD = '</hero/breakfast.svg>; rel=preload; as=image; fetchpriority=high';

/**
 * Serves the built web app from what no API route matched: a file of the build when one has that
 * path, otherwise index.html for the app's deep links. The build writes each text file's brotli and
 * gzip twins beside it (web/vite.config.ts); the one the client accepts is sent as it lies, with
 * Content-Encoding and `Vary: Accept-Encoding`.
 */
/**
 * What the page's script (web/src/main.tsx, a few kB) loads to become the app: React, the router and
 * the shared screens, a key of Vite's build manifest.
 */
const APP_MODULE = 'src/start-app.tsx';

/**
 * The public screens a link may open on, with the source modules their first paint needs beyond the
 * app (keys of Vite's build manifest): their code is a route chunk the app would only ask for once it
 * runs, and the schemas check the screen's first answer.
 */
const SCHEMAS = 'src/lib/schema-set.ts';
const SCREEN_MODULES: readonly [RegExp, readonly string[]][] = [
  [/^\/allmeals\/?$/i, ['src/app/routes/all-meals.tsx', SCHEMAS]],
  [/^\/meal\/[^/]+\/?$/i, ['src/app/routes/meals.tsx', SCHEMAS]],
  [/^\/upcomingmeals\/?$/i, ['src/app/routes/upcoming.tsx', SCHEMAS]],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * `Link: rel=modulepreload` for an empty page (one the browser renders): the app's chunks, and a deep
 * link's route chunks, with what they import (not what the entry imports: the page names those itself),
 * from `.vite/manifest.json`, so the browser fetches them beside the page's script instead of after it.
 * Nothing for a page drawn here: it paints without them, and its script asks for them once it has
 * painted (web/src/main.tsx), so they do not share the link with the page's picture. Nothing without a
 * manifest. Read again when the build changes.
 */
function modulePreloads(distDir: string) {
  let cached: { mtimeMs: number; manifest: Record<string, ManifestChunk> } | undefined;
  const manifest = (): Record<string, ManifestChunk> | undefined => {
    const path = join(distDir, '.vite/manifest.json');
    try {
      const { mtimeMs } = statSync(path);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk> };
      return cached.manifest;
    } catch {
      return undefined;
    }
  };
  /** `rendered`: the page comes drawn with its data. */
  return (pathname: string, rendered = false): string | undefined => {
    const chunks = rendered ? undefined : manifest();
    if (!chunks) return undefined;
    const modules = [APP_MODULE, ...(SCREEN_MODULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [])];
    const closure = (keys: readonly string[], into = new Set<string>()) => {
      for (const key of keys) {
        if (into.has(key) || !chunks[key]) continue;
        into.add(key);
        closure(chunks[key].imports ?? [], into);
      }
      return into;
    };
    const entry = closure(Object.keys(chunks).filter((key) => chunks[key]!.isEntry));
    const files = [...closure(modules)].filter((key) => !entry.has(key)).map((key) => chunks[key]!.file);
    return files.length > 0 ? files.map((file) => `</${file}>; rel=modulepreload`).join(', ') : undefined;
  };
}

/**
 * A visitor's link to a meal: its answer names the meal's read (`GET /api/meals/{id}`, the one the page
 * makes first) to preload, so the data and then the picture come while the script still loads. Never for
 * someone who may be signed in (the session marker cookie): their read carries their token and says
 * whether they liked the meal.
 */
function visitorReadOf(request: FastifyRequest, pathname: string): string | undefined {
  const meal = /^\/meal\/([^/]+)\/?$/i.exec(pathname)?.[1];
  if (!meal || hasSessionMarker(request)) return undefined;
  return `</api/meals/${meal}>; rel=preload; as=fetch; crossorigin=anonymous`;
}

/** Whether the request carries the session marker cookie: its sender may be signed in. */
function hasSessionMarker(request: FastifyRequest): boolean {
  return new RegExp(`(?:^|;\\s*)${SESSION_MARKER_COOKIE}=`).test(request.headers.cookie ?? '');
}

/** What the web build's server bundle offers (web/src/entry-server.tsx, built into `<dist>/.ssr/` by web/build/ssr-bundle.ts). */
interface ServerRenderer {
  /** The pages it renders: home, all meals, a meal. */
  PUBLIC_PAGE: RegExp;
  renderPage(options: { url: string; template: string; fetch: typeof globalThis.fetch; signedOut?: boolean }): Promise<string | null>;
}

/** The file the build last wrote at `path`, read again only when it changes (a rebuild is served without a restart). */
function latest<T>(path: string, load: (path: string, mtimeMs: number) => T): () => T | undefined {
  let cached: { mtimeMs: number; value: T } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: load(path, mtimeMs) };
    return cached.value;
  };
}

/**
 * The server's own API as `fetch` for the render: each read goes through Fastify's routes in-process
 * (`inject`: the same validation, access and answers as over HTTP, no socket), as a visitor's (no
 * cookie, no token: the page is the same for everyone and the browser reads a member's view itself).
 */
function ownApi(app: FastifyInstance): typeof globalThis.fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page rendered here, in brotli or gzip as the client accepts (the routes' answers are compressed by
 * @fastify/compress, which leaves this fallback's alone). Brotli at quality 5: per request, quick, and
 * within a few percent of the strongest setting on a page of HTML.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string): Promise<void> {
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .filter((each) => !/;\s*q=0(?:\.0*)?\s*$/.test(each))
      .map((each) => each.split(';')[0]!.trim().toLowerCase()),
  );
  // The page is drawn signed out or restoring by the session marker cookie: a cache keeps them apart.
  void reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding, cookie');
  const body = Buffer.from(html);
  if (accepted.has('br'))
    await reply
      .header('content-encoding', 'br')
      .send(await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  else if (accepted.has('gzip')) await reply.header('content-encoding', 'gzip').send(await gzipped(body));
  else await reply.send(body);
}

export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  // `serve: false`: no routes of its own (every route here declares its access); it lends reply.sendFile.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });
}

/**
 * The longest a page waits for its render. Past it (PostgreSQL away and its reads each waiting up to
 * 3 s for a connection before their 503, or a machine too busy) the app's empty page is sent instead,
 * which the browser renders and reads itself, showing its own error or retry: a page never waits on
 * the database much longer than an API answer does. Generous, so a first render on a busy machine
 * (loading the render's code, about a second) is still drawn.
 */
export const RENDER_DEADLINE_MS = 4000;

export function webAppFallback(distDir: string, options: { renderDeadlineMs?: number } = {}) {
  const renderDeadlineMs = options.renderDeadlineMs ?? RENDER_DEADLINE_MS;
  // Looked up per request, so a rebuild of the web app is served without a restart.
  const isFile = (path: string) => {
    try {
      return statSync(join(distDir, path)).isFile();
    } catch {
      return false;
    }
  };
  const preloadsOf = modulePreloads(distDir);
  const renderer = latest(
    join(distDir, '.ssr/entry-server.js'),
    (path, mtimeMs) =>
      // Another build, another module: the query names the version.
      import(`${pathToFileURL(path).href}?v=${mtimeMs}`) as Promise<ServerRenderer>,
  );
  const template = latest(join(distDir, 'index.html'), (path) => readFileSync(path, 'utf8'));
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0] ?? '/';
    if (API_PATH.test(pathname)) return false;
    let path: string;
    try {
      path = normalize(decodeURIComponent(pathname));
    } catch {
      path = '/'; // A malformed escape names no file: a page, which the app's router answers.
    }
    // A folder whose name starts with a dot (.vite's manifest, .ssr's server bundle) is the build's own, not the site's: 404.
    if (path.split('/').some((segment) => segment.startsWith('.'))) return false;
    if (path.startsWith('/') && !path.includes('\0') && path !== '/index.html' && isFile(path)) {
      // The caching goes to send() itself: it writes Cache-Control last and would replace a header set here.
      void reply.sendFile(path.slice(1), path.startsWith('/assets/') ? HASHED : UNHASHED);
      return true;
    }
    // A build file that is not there (a page open since an older build asking for a chunk a newer one
    // replaced) is a 404, not the app's HTML that the browser would refuse as a script.
    if (path.startsWith('/assets/') || !isFile('index.html')) return false;
    // A page, whoever asks (a browser, curl, a monitor, a link preview): the app routes it. Always
    // revalidated, so a new build's page (and the hashed files it names) is picked up at once.
    void reply.header('cache-control', 'no-cache');
    void sendPage(request, reply, pathname).catch((error: unknown) => {
      request.log.error({ err: error }, 'the page could not be sent');
      if (!reply.sent) void reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    });
    return true;
  };

  /**
   * A public page (home, all meals, a meal) rendered here with its data, which the browser hydrates;
   * any other page, or one whose render fails, the app's empty page, rendered in the browser.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<void> {
    const ssr = await rendered(request, pathname);
    // A page drawn here paints without the app's code and carries its data: neither is named to preload.
    const preloads = [pathname === '/' ? HOME_PRELOAD : undefined, preloadsOf(pathname, ssr !== null), ssr ? undefined : visitorReadOf(request, pathname)]
      .filter(Boolean)
      .join(', ');
    if (preloads) void reply.header('link', preloads);
    if (ssr) await sendCompressed(request, reply, ssr);
    else await reply.sendFile('index.html', { cacheControl: false });
  }

  async function rendered(request: FastifyRequest, pathname: string): Promise<string | null> {
    const page = template();
    const render = renderer();
    if (!page || !render) return null;
    try {
      const { PUBLIC_PAGE, renderPage } = await render;
      if (!PUBLIC_PAGE.test(pathname)) return null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), renderDeadlineMs)));
      // The render left behind ends by itself (its reads fail or answer); its page is then dropped.
      // Drawn signed out for a browser without the session marker, as its first render will be (web/src/lib/auth-session.ts).
      const drawing = renderPage({ url: request.url, template: page, fetch: ownApi(request.server), signedOut: !hasSessionMarker(request) });
      drawing.catch(() => undefined);
      const html = await Promise.race([drawing, late]).finally(() => clearTimeout(timer));
      if (html === 'late') {
        request.log.warn({ deadlineMs: renderDeadlineMs }, 'server render too slow; the browser renders the page');
        return null;
      }
      return html;
    } catch (error) {
      request.log.error({ err: error }, 'server render failed; the browser renders the page');
      return null;
    }
  }
}
