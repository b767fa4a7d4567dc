/**
 * What a phone is sent (issue 15): the web build's files precompressed (brotli, gzip) and hashed ones
 * cached for a year without revalidation; the app for any GET that is not an API path, whatever its
 * Accept header; the home page naming its hero picture first; JSON compressed on the fly; and the
 * readable session marker cookie set and cleared with the refresh cookie.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MARKER_COOKIE } from '@hostel/contracts';
import { startProduct } from '../src/testing/harness';

const SCRIPT = `console.log(${JSON.stringify('hostel '.repeat(400))});\n`;
const PAGE = `<!doctype html><html><head><title>Hostel Meals</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n`;

let dist: string;
let product: Awaited<ReturnType<typeof startProduct>>;

beforeAll(async () => {
  // A build as web/vite.config.ts writes it: each text file with its .br and .gz twins.
  dist = mkdtempSync(join(tmpdir(), 'web-delivery-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'hero'));
  const write = (path: string, content: string) => {
    writeFileSync(join(dist, path), content);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
  };
  write('index.html', PAGE);
  write('assets/index-Ab12Cd34.js', SCRIPT);
  write('hero/breakfast.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Vite's manifest: the entry with a vendor chunk it shares with the app and the meal and upcoming screens, which also need zod.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true, imports: ['_vendor-V1.js'] },
      '_vendor-V1.js': { file: 'assets/vendor-V1.js' },
      // The app the page's script loads (web/src/main.tsx), with React.
      'src/start-app.tsx': { file: 'assets/start-app-S2.js', isDynamicEntry: true, imports: ['index.html', '_vendor-V1.js', '_react-R1.js'] },
      '_react-R1.js': { file: 'assets/react-R1.js' },
      'src/app/routes/meals.tsx': { file: 'assets/meals-M1.js', isDynamicEntry: true, imports: ['_vendor-V1.js', '_zod-Z1.js'] },
      'src/app/routes/upcoming.tsx': { file: 'assets/upcoming-U1.js', isDynamicEntry: true, imports: ['_vendor-V1.js', '_zod-Z1.js'] },
      'src/app/routes/all-meals.tsx': { file: 'assets/all-meals-A1.js', isDynamicEntry: true, imports: ['_vendor-V1.js', '_zod-Z1.js'] },
      '_zod-Z1.js': { file: 'assets/zod-Z1.js' },
      'src/lib/schema-set.ts': { file: 'assets/schema-set-S1.js', isDynamicEntry: true, imports: ['_zod-Z1.js'] },
    }),
  );
  product = await startProduct({}, { webDist: dist });
});

afterAll(async () => {
  await product?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app, to any GET that is not an API path', () => {
  it.each([
    ['a browser', { accept: 'text/html,application/xhtml+xml' }],
    ['curl', { accept: '*/*' }],
    ['an uptime monitor without Accept', {}],
    ['a client asking for JSON', { accept: 'application/json' }],
  ])('given %s, when it asks for / or a deep link, then it gets the app, always revalidated', async (_who, headers) => {
    for (const path of ['/', '/AllMeals', '/meal/00000000-0000-4000-8000-000000000000', '/dashboard/serveMeals']) {
      const response = await product.call('GET', path, { headers });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(PAGE);
    }
  });

  it('given an API path that does not exist, then it stays a JSON 404 even for a browser', async () => {
    for (const path of ['/api/nothing-here', '/users/nobody@hostel.test/nothing', '/socket.io/nothing', '/health/nothing']) {
      const response = await product.call('GET', path, { headers: { accept: 'text/html' } });
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^application\/json/);
    }
  });

  it('given a hashed build file that is not there (a chunk an older page asks for), then 404, not the page', async () => {
    const response = await product.call('GET', '/assets/index-Gone0000.js', { headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
  });

  // The app's chunks (not the entry's, which the page names itself): an empty page has nothing to show before the app runs.
  const app = '</assets/start-app-S2.js>; rel=modulepreload, </assets/react-R1.js>; rel=modulepreload';

  it('given the home page, then its answer names the hero picture to preload first', async () => {
    expect((await product.call('GET', '/')).headers.link).toBe(`</hero/breakfast.svg>; rel=preload; as=image; fetchpriority=high, ${app}`);
  });

  it("given a link to a public screen, then its answer names the app's chunks, that screen's and the schemas to preload, not the entry's", async () => {
    const preloads = (screen: string) =>
      `${app}, </assets/${screen}.js>; rel=modulepreload, </assets/zod-Z1.js>; rel=modulepreload, </assets/schema-set-S1.js>; rel=modulepreload`;
    expect((await product.call('GET', '/AllMeals')).headers.link).toBe(preloads('all-meals-A1'));
    expect((await product.call('GET', '/UpcomingMeals')).headers.link).toBe(preloads('upcoming-U1'));
    expect((await product.call('GET', '/dashboard')).headers.link).toBe(app);
  });

  it("given a visitor's link to a meal, then its answer also names the meal's read to preload; not for someone with a session marker", async () => {
    const meal = '/meal/00000000-0000-4000-8000-000000000000';
    const chunks = `${app}, </assets/meals-M1.js>; rel=modulepreload, </assets/zod-Z1.js>; rel=modulepreload, </assets/schema-set-S1.js>; rel=modulepreload`;
    expect((await product.call('GET', meal)).headers.link).toBe(
      `${chunks}, </api/meals/00000000-0000-4000-8000-000000000000>; rel=preload; as=fetch; crossorigin=anonymous`,
    );
    expect((await product.call('GET', meal, { headers: { cookie: `theme=dark; ${SESSION_MARKER_COOKIE}=1` } })).headers.link).toBe(chunks);
  });
});

describe('build files', () => {
  it('given a hashed file, then it is cached for a year, immutable, as sent', async () => {
    const response = await product.call('GET', '/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('given a client that takes brotli, or only gzip, then the precompressed twin is sent as it lies', async () => {
    const br = await product.call('GET', '/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await product.call('GET', '/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const page = await product.call('GET', '/AllMeals', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
  });

  it('given an unhashed file (the hero picture), then an hour', async () => {
    const response = await product.call('GET', '/hero/breakfast.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('API answers', () => {
  it('given a client that takes brotli or gzip, then JSON is compressed', async () => {
    const br = await product.call('GET', '/docs/json', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toHaveProperty('paths');
    const gz = await product.call('GET', '/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('paths');
  });
});

describe('the session marker cookie', () => {
  const markerOf = (response: Awaited<ReturnType<typeof product.call>>) => response.cookies.find((cookie) => cookie.name === SESSION_MARKER_COOKIE);

  it('given a sign-in, then a readable marker lives as long as the refresh cookie, on every path; sign-out and a refused refresh clear it', async () => {
    const registered = await product.call('POST', '/api/auth/register', {
      body: { name: 'Marker Member', email: 'marker@hostel.test', password: 'secret-pass-1' },
    });
    const marker = markerOf(registered);
    const refresh = registered.cookies.find((cookie) => cookie.name === 'refresh_token');
    expect(marker).toMatchObject({ value: '1', path: '/', maxAge: refresh?.maxAge });
    expect(marker).not.toHaveProperty('httpOnly', true);

    const cookie = `refresh_token=${refresh?.value}`;
    const refreshed = await product.call('POST', '/api/auth/refresh', { headers: { cookie } });
    expect(markerOf(refreshed)).toMatchObject({ value: '1', path: '/' });

    const rotated = refreshed.cookies.find((each) => each.name === 'refresh_token');
    const loggedOut = await product.call('POST', '/api/auth/logout', { headers: { cookie: `refresh_token=${rotated?.value}` } });
    expect(markerOf(loggedOut)).toMatchObject({ value: '', path: '/' });

    const refused = await product.call('POST', '/api/auth/refresh', { headers: { cookie: `refresh_token=${rotated?.value}` } });
    expect(refused.statusCode).toBe(401);
    expect(markerOf(refused)).toMatchObject({ value: '', path: '/' });
  });
});
