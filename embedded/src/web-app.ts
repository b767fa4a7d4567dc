import { statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  // `serve: false`: no routes of its own (every route here declares its access); it lends reply.sendFile.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });
}

export function webAppFallback(distDir: string) {
  // Looked up per request, so a rebuild of the web app is served without a restart.
  const isFile = (path: string) => {
    try {
      return statSync(join(distDir, path)).isFile();
    } catch {
      return false;
    }
  };
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
    if (pathname === '/') void reply.header('link', HOME_PRELOAD);
    void reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    return true;
  };
}
