/**
 * A public page is drawn here with its data; when its render is slow (its reads waiting on a database
 * that is away) the app's empty page goes instead, within the render's deadline, never after the reads.
 * The web build's server bundle is stood in for by one whose render waits as long as it is told.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp, webAppFallback } from './web-app';

let dist: string;
let app: FastifyInstance;
const DEADLINE_MS = 300;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-app-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>');
  mkdirSync(join(dist, '.ssr'));
  // `?wait=ms` is how long the render takes (as a read waiting for its database would).
  writeFileSync(
    join(dist, '.ssr/entry-server.js'),
    `export const PUBLIC_PAGE = /^\\/(?:|allmeals)\\/?$/i;
export async function renderPage({ url, template }) {
  const wait = Number(new URL(url, 'http://x').searchParams.get('wait') ?? 0);
  await new Promise((resolve) => setTimeout(resolve, wait));
  return template.replace('<div id="root"></div>', '<div id="root">drawn</div>');
}`,
  );
  app = Fastify();
  await serveWebApp(app, dist);
  const fallback = webAppFallback(dist, { renderDeadlineMs: DEADLINE_MS });
  app.setNotFoundHandler((request, reply) => {
    if (!fallback(request, reply)) void reply.code(404).send({ message: 'none' });
  });
});

afterAll(async () => {
  await app?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('a public page rendered on the server', () => {
  it('given a render within its deadline, then the page comes drawn', async () => {
    const page = await app.inject({ method: 'GET', url: '/AllMeals?wait=10' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">drawn</div>');
  });

  it('given a render slower than its deadline (its reads wait for a database that is away), then the empty page comes at the deadline', async () => {
    const asked = performance.now();
    const page = await app.inject({ method: 'GET', url: '/AllMeals?wait=5000' });
    const ms = performance.now() - asked;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"></div>');
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 20);
    expect(ms).toBeLessThan(DEADLINE_MS + 2000);
  });
});
