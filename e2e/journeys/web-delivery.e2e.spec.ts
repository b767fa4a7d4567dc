import { brotliCompressSync, constants } from 'node:zlib';
import { DEMO_ADMIN, expect, login, test } from '../support/fixtures';

/**
 * What the real build sends a phone (issue 15): the home page's first paint needs neither zod nor any
 * other screen's code; a visitor's page asks for no session refresh and opens no socket; a member's
 * reload restores the session with one refresh; scripts come brotli-compressed and immutable.
 */
test('a visitor on / gets only what the home page paints: no refresh call, no socket, no zod before first paint, scripts br and immutable', async ({
  page,
  request,
}) => {
  const sent: string[] = [];
  page.on('request', (each) => sent.push(`${each.method()} ${new URL(each.url()).pathname}`));
  // socket.io over WebSocket is no 'request' event.
  page.on('websocket', (socket) => sent.push(`WS ${new URL(socket.url()).pathname}`));
  const scripts: { url: string; encoding: string | undefined; cache: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'], cache: response.headers()['cache-control'] });
  });

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Our Meals Categories' }).getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect.soft(sent).not.toContain('POST /api/auth/refresh');
  expect.soft(sent.filter((line) => line.includes('/socket.io'))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    // The build writes a brotli twin wherever brotli makes the file smaller (web/build/precompress.ts): only a
    // script of a few bytes (a 38-byte chunk of one function) goes as it is.
    const body = await (await request.get(script.url, { headers: { 'accept-encoding': 'identity' } })).body();
    const brotli = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
    const shrinks = brotliCompressSync(body, { params: { ...brotli, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length < body.length;
    expect.soft(script.encoding, `${script.url} (${body.length} bytes)`).toBe(shrinks ? 'br' : undefined);
    expect.soft(script.cache, script.url).toBe('public, max-age=31536000, immutable');
  }
  expect(scripts.filter((script) => script.encoding === 'br').length).toBeGreaterThan(scripts.length / 2);

  // What the page needs to become the app: its script and the app's chunks that script asks for once the page has painted
  // (web/src/main.tsx), every script asked for before the 'hydrated' mark.
  await page.waitForFunction(() => performance.getEntriesByName('hydrated', 'mark').length > 0);
  const firstPaint = await page.evaluate(() => {
    const hydrated = performance.getEntriesByName('hydrated', 'mark')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((each) => each.startTime < hydrated && /\/assets\/[^/]+\.js$/.test(new URL(each.name).pathname))
      .map((each) => new URL(each.name).pathname);
  });
  expect(firstPaint.length).toBeGreaterThan(1);
  for (const path of firstPaint) {
    const code = await (await request.get(path)).text();
    expect.soft(code, `${path} holds zod`).not.toContain('ZodObject');
    expect.soft(code, `${path} holds socket.io`).not.toContain('engine.io');
    // Other screens' own words: All Meals, a meal's reviews, the checkout.
    expect.soft(code, `${path} holds All Meals`).not.toContain('Explore All Meals');
    expect.soft(code, `${path} holds the meal page`).not.toContain('No reviews yet.');
  }
});

test("a member's reload restores the session with one refresh call", async ({ page }) => {
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const refreshes: string[] = [];
  page.on('request', (each) => {
    if (new URL(each.url()).pathname === '/api/auth/refresh') refreshes.push(each.method());
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(refreshes).toEqual(['POST']);
});
