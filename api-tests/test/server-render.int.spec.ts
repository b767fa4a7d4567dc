/**
 * The public pages come drawn (issue 15): home, all meals and a meal's page are rendered on the server
 * from the read models, with the state the browser hydrates from beside them, so a phone paints them
 * before any script has come. Everything else is the app's empty page, as before. Runs against the
 * real web build (web/vite.config.ts writes the server's bundle into the build's .ssr folder).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MARKER_COOKIE } from '@hostel/contracts';
import { startProduct } from '@hostel/embedded/testing';

const root = fileURLToPath(new URL('../../', import.meta.url));

let dist: string;
let product: Awaited<ReturnType<typeof startProduct>>;
let mealId: string;
let adminToken: string;
let studentToken: string;

/** The page's own state block (JSON, never a script the CSP would have to allow). */
const stateOf = (html: string) => {
  const json = /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } });
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'server-render-'));
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(root, 'web'),
    stdio: 'inherit',
    // As `npm run build` builds it (vitest's NODE_ENV=test would build React's development JSX).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  product = await startProduct({}, { webDist: dist });
  const admin = await product.registerVerified('Chef Admin', 'boss@hostel.test');
  const student = await product.register('Stu Dent', 'stu@example.com');
  const added = await product.addMeal(admin.token, { title: 'Masala Omelette', category: 'Breakfast', description: 'Spicy eggs with onion' });
  mealId = added._id;
  adminToken = admin.token;
  studentToken = student.token;
  // A title a page must never take for markup: React escapes it in the page, and the state block in its JSON.
  await product.addMeal(admin.token, { title: '</script><script>alert(1)</script>', category: 'Dinner' });
  const review = await product.call('POST', '/api/reviews', { token: student.token, body: { mealId, review: 'Lovely and hot' } });
  expect(review.statusCode, review.body).toBe(201);
  // The pages read without X-Min-Position, as a visitor's link does: wait until the read models have it all.
  const read = await product.call('GET', `/api/reviews/${mealId}`, { headers: { 'x-min-position': (review.json() as { position: string }).position } });
  expect(read.statusCode).toBe(200);
}, 180_000);

afterAll(async () => {
  await product?.stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('a public page, to anyone who asks for it', () => {
  it('given /, then the home page comes drawn: the hero, the sections and the first Breakfast meals, with their read to hydrate from', async () => {
    const response = await product.call('GET', '/', { headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('Fresh meals, every single day');
    expect(html).toContain('Our Meals Categories');
    expect(html).toMatch(/<h3 id="meal-card-[^"]+"[^>]*>Masala Omelette<\/h3>/);
    expect(html).toContain('Choose Your Membership');
    const state = stateOf(html);
    expect(state?.queries.queries.map((query) => query.queryKey)).toContainEqual(['meals', 'page', { category: 'Breakfast' }, 0, 3]);
  });

  it('given /AllMeals with filters in its link, then the grid comes drawn with that filter applied', async () => {
    const all = await product.call('GET', '/AllMeals');
    expect(all.body).toContain('Explore All Meals');
    expect(all.body).toContain('Showing 2 of 2 meals');
    expect(all.body).toContain('<title>Explore All Meals · Hostel Meals</title>');

    const breakfast = await product.call('GET', '/allmeals?category=Breakfast&search=omelette');
    expect(breakfast.body).toMatch(/Showing 1 of 1 meal(?!s)/);
    expect(breakfast.body).toContain('Masala Omelette');
    expect(breakfast.body).not.toContain('alert(1)');
  });

  it("given a meal's page, then the meal, its details and its reviews come drawn, its title in the head, its time in UTC until the browser has it", async () => {
    const html = (await product.call('GET', `/meal/${mealId}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Masala Omelette</title>');
    expect(head).not.toContain('<title>Hostel Meals</title>');
    expect(html).toMatch(/<h1 id="meal-title"[^>]*>Masala Omelette<\/h1>/);
    expect(html).toContain('Spicy eggs with onion');
    expect(html).toContain('Lovely and hot');
    expect(html).toMatch(/<time datetime="[^"]+">[^<]+ UTC<\/time>/i);
    // A visitor's read: nobody's like, whoever asks (the browser reads a member's own once it knows them).
    const meal = stateOf(html)?.queries.queries.find((query) => query.queryKey[0] === 'meal');
    expect(meal?.queryKey).toEqual(['meal', mealId, { viewer: null }]);
    expect(meal?.state.data).toMatchObject({ _id: mealId, likedByMe: false });
  });

  it('given a browser without the session marker, then the page is drawn signed out, as its first render will be (Join Us, the like ready); with the marker, drawn restoring', async () => {
    const likeButton = (html: string) => /<button[^>]*aria-pressed="false"[^>]*>/.exec(html)?.[0];
    const visitor = await product.call('GET', `/meal/${mealId}`);
    expect(visitor.body).toMatch(/<a [^>]*href="\/SignUp"[^>]*>Join Us<\/a>/);
    expect(likeButton(visitor.body)).toBeDefined();
    expect(likeButton(visitor.body)).not.toMatch(/ disabled=""|aria-disabled="true"|aria-busy="true"/);
    expect(visitor.headers.vary).toMatch(/cookie/i);

    const member = await product.call('GET', `/meal/${mealId}`, { headers: { cookie: `theme=dark; ${SESSION_MARKER_COOKIE}=1` } });
    expect(member.body).toMatch(/<h1 id="meal-title"[^>]*>Masala Omelette<\/h1>/);
    expect(member.body).not.toContain('Join Us');
    // Resting until the member's like is known: said disabled, but focusable (5d65653), so the keyboard stays on it.
    expect(likeButton(member.body)).toMatch(/aria-disabled="true"/);
    expect(likeButton(member.body)).toMatch(/aria-busy="true"/);
  });

  it('given a meal that is not there, then its page is drawn loading, with or without the session marker, as the browser first renders it (it then reads the 404 itself)', async () => {
    for (const headers of [{}, { cookie: `${SESSION_MARKER_COOKIE}=1` }] as Record<string, string>[]) {
      const html = (await product.call('GET', '/meal/00000000-0000-4000-8000-000000000000', { headers })).body;
      expect(html).toContain('<p role="status">Loading meal details...</p>');
      expect(html).not.toContain('Error loading meal details');
      expect(stateOf(html)?.queries.queries.map((query) => query.queryKey[0])).not.toContain('meal');
    }
  });

  it('given a meal with many long reviews, then they are drawn in place with the page: no part is left for an inline script to move in (the CSP refuses it)', async () => {
    const { _id: id } = await product.addMeal(adminToken, { title: 'Much Discussed Dal', category: 'Lunch' });
    let position = '';
    for (let index = 0; index < 8; index++) {
      const review = await product.call('POST', '/api/reviews', {
        token: studentToken,
        body: { mealId: id, review: `Review ${index}: ${'tasty '.repeat(330)}` },
      });
      expect(review.statusCode, review.body).toBe(201);
      position = (review.json() as { position: string }).position;
    }
    await product.call('GET', `/api/reviews/${id}`, { headers: { 'x-min-position': position } });
    const html = (await product.call('GET', `/meal/${id}`)).body;
    expect(html.length).toBeGreaterThan(16_000);
    for (let index = 0; index < 8; index++) expect(html).toContain(`Review ${index}: tasty`);
    // A boundary sent later is marked <!--$?--> and completed by an inline <script> ($RC).
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toMatch(/<script>/);
  });

  it('given a title that reads like markup, then it stays text: nothing in the page or its state closes a script', async () => {
    const html = (await product.call('GET', '/AllMeals')).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    // Drawn as text: every `<` escaped (the renderer may leave `>` as it is, which is safe in text).
    expect(html).toMatch(/&lt;\/script(>|&gt;)&lt;script(>|&gt;)alert\(1\)&lt;\/script(>|&gt;)/);
    expect(stateOf(html)?.queries.queries[0]?.state.data).toMatchObject({
      pages: [{ items: expect.arrayContaining([expect.objectContaining({ title: '</script><script>alert(1)</script>' })]) }],
    });
  });

  it('given a client that takes brotli, then the drawn page comes in brotli', async () => {
    const response = await product.call('GET', '/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Our Meals Categories');
  });
});

describe('everything else', () => {
  it('given a page that is not public (the dashboard, sign-in), then the empty page the browser renders, with no state', async () => {
    for (const path of ['/dashboard', '/SignUp', '/UpcomingMeals']) {
      const html = (await product.call('GET', path)).body;
      expect(html, path).toContain('<div id="root"></div>');
      expect(stateOf(html), path).toBeUndefined();
    }
  });

  it("given the build's own folders (the server bundle, the manifest), then 404: they are not the site's", async () => {
    for (const path of ['/.ssr/entry-server.js', '/.vite/manifest.json']) expect((await product.call('GET', path)).statusCode, path).toBe(404);
  });
});
