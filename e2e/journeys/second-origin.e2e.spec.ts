import { createServer } from 'node:http';
import { adminApi, expect, test, uniqueEmail } from '../support/fixtures';
import { APP_PORT, CLIENT_ORIGIN, CLIENT_PORT } from '../support/ports';

const API = `http://localhost:${APP_PORT}`;

/**
 * A page of another client of the API, as the spec's own React client calls it: every call with
 * `Content-Type: application/json` (so even a GET is preflighted), the like with its bearer token,
 * then the meal read again (no X-Min-Position) and its picture shown from the URL the API answers.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Another client</title></head>
  <body>
    <main>
      <h1>Another client</h1>
      <p id="status" role="status">Loading…</p>
      <figure id="picture"></figure>
    </main>
    <script type="module">
      const params = new URLSearchParams(location.hash.slice(1));
      const api = params.get('api');
      const id = params.get('meal');
      const json = { 'Content-Type': 'application/json' };
      const secure = { ...json, Authorization: 'Bearer ' + params.get('token') };
      const status = document.getElementById('status');
      try {
        const before = await (await fetch(api + '/api/meals/' + id, { headers: json })).json();
        const liked = await fetch(api + '/api/meals/' + id + '/like', { method: 'PATCH', headers: secure, body: JSON.stringify({ userEmail: params.get('email') }) });
        if (!liked.ok) throw new Error('the like answered ' + liked.status);
        const after = await (await fetch(api + '/api/meals/' + id, { headers: secure })).json();
        const picture = document.createElement('img');
        picture.alt = after.title;
        picture.addEventListener('load', () => (status.dataset.picture = 'shown'));
        picture.addEventListener('error', () => (status.dataset.picture = 'blocked'));
        picture.src = after.image;
        document.getElementById('picture').append(picture);
        status.textContent = 'Liked: ' + after.likes + ' (was ' + before.likes + ')';
      } catch (error) {
        status.textContent = 'Failed: ' + error.message;
      }
    </script>
  </body>
</html>`;

test('a page on another origin reads a meal, likes it with a token and shows its picture: the browser lets each through', async ({ browser, request }) => {
  const title = `Far Dal ${Date.now().toString(36)}`;
  const mealId = await adminApi(request).then((admin) => admin.addMeal({ title, category: 'Lunch' }));
  const email = uniqueEmail('far');
  const registered = await request.post('/api/auth/register', { data: { name: 'Far Student', email, password: 'journey-pass-1' } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };

  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(CLIENT_PORT, '127.0.0.1', resolve));
  try {
    const page = await (await browser.newContext()).newPage();
    const blocked: string[] = [];
    page.on('requestfailed', (failed) => blocked.push(`${failed.method()} ${failed.url()}: ${failed.failure()?.errorText}`));
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });

    await page.goto(`${CLIENT_ORIGIN}/#api=${encodeURIComponent(API)}&meal=${mealId}&email=${encodeURIComponent(email)}&token=${token}`);

    const status = page.getByRole('status');
    // The preflighted PATCH went through, and the meal read right after shows the like.
    await expect(status).toHaveText('Liked: 1 (was 0)');
    // The picture came from the API's origin, and Cross-Origin-Resource-Policy let this page show it.
    const picture = page.getByRole('img', { name: title });
    await expect(picture).toHaveAttribute('src', new RegExp(`^${API}/api/media/[0-9a-f-]{36}$`));
    await expect(status).toHaveAttribute('data-picture', 'shown');
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(blocked).toEqual([]);
  } finally {
    server.close();
  }
});
