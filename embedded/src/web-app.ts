import { statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app from what no API route matched: a file of the build when one has that
 * path (hashed assets cached for good), otherwise index.html for the app's deep links.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  // `serve: false`: no routes of its own (every route here declares its access); it lends reply.sendFile.
  await app.register(fastifyStatic, { root: distDir, serve: false });
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
    const path = normalize(decodeURIComponent(request.url.split('?')[0] ?? '/'));
    if (path.startsWith('/') && !path.includes('\0') && path !== '/index.html' && isFile(path)) {
      const immutable = path.startsWith('/assets/');
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600').sendFile(path.slice(1));
      return true;
    }
    // A page, not an API call: the app routes it.
    if (!(request.headers.accept ?? '').includes('text/html') || !isFile('index.html')) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
