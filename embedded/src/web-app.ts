import { readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
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
 * The public screens a link may open on, with the source modules their first paint needs beyond the
 * page's own script (keys of Vite's build manifest): their code is a route chunk the script would only
 * ask for once it runs, and the schemas check the screen's first answer.
 */
const SCREEN_MODULES: readonly [RegExp, readonly string[]][] = [
  [/^\/(allmeals|upcomingmeals|meal\/[^/]+)\/?$/i, ['src/app/routes/meals.tsx', 'src/lib/schema-set.ts']],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * `Link: rel=modulepreload` for a deep link's route chunks and what they import (not what the entry
 * imports: the page names those itself), from `.vite/manifest.json`, so the browser fetches them beside
 * the entry instead of after it. Nothing without a manifest. Read again when the build changes.
 */
function screenPreloads(distDir: string) {
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
  return (pathname: string): string | undefined => {
    const modules = SCREEN_MODULES.find(([pattern]) => pattern.test(pathname))?.[1];
    const chunks = modules && manifest();
    if (!chunks) return undefined;
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
  if (!meal || new RegExp(`(?:^|;\\s*)${SESSION_MARKER_COOKIE}=`).test(request.headers.cookie ?? '')) return undefined;
  return `</api/meals/${meal}>; rel=preload; as=fetch; crossorigin=anonymous`;
}

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
  const preloadsOf = screenPreloads(distDir);
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
    const preloads = pathname === '/' ? HOME_PRELOAD : [preloadsOf(pathname), visitorReadOf(request, pathname)].filter(Boolean).join(', ');
    if (preloads) void reply.header('link', preloads);
    void reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    return true;
  };
}
