import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
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
  const files = existsSync(distDir) ? new Set(listFiles(distDir).map((file) => `/${relative(distDir, file)}`)) : new Set<string>();
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (files.has(path) && path !== '/index.html') {
      const immutable = path.startsWith('/assets/');
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600').sendFile(path.slice(1));
      return true;
    }
    // A page, not an API call: the app routes it.
    if (!files.has('/index.html') || !(request.headers.accept ?? '').includes('text/html')) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
