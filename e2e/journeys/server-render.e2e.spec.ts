import { expect, type Page, test } from '@playwright/test';
import { adminApi, register, uniqueEmail } from '../support/fixtures';

/**
 * The public pages come drawn by the server and the browser hydrates them (issue 15): the nodes the
 * server sent stay (React adopts them, it does not draw the page again), nothing is reported as a
 * mismatch, and the page then works as the app: a category chosen, a member's own like shown.
 */

/** Before the app's script runs (readyState 'interactive' comes first), keeps the node the server drew. */
function keepDrawnNode(page: Page) {
  return page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root > div');
    });
  });
}

/** Every error and warning the page reports: React's hydration mismatches come as either. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Waits until React owns the page (its fiber on the header), then until it is quiet. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const header = document.querySelector('#root header');
    return header !== null && Object.keys(header).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
}

const drawnNodeKept = (page: Page) =>
  page.evaluate(() => {
    const drawn = (window as unknown as { drawn: Element | null }).drawn;
    return drawn !== null && drawn !== undefined && drawn.isConnected && drawn === document.querySelector('#root > div');
  });

test('home, all meals and a meal page hydrate what the server drew, with no mismatch reported, and then work', async ({ page, request }) => {
  const title = `Drawn Poha ${Date.now().toString(36)}`;
  const mealId = await adminApi(request).then((admin) => admin.addMeal({ title, category: 'Breakfast' }));
  await keepDrawnNode(page);
  const problems = collectProblems(page);

  for (const path of ['/', '/AllMeals', '/AllMeals?category=Breakfast&price=0-10', `/meal/${mealId}`]) {
    problems.length = 0;
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('id="ssr-state"');
    await page.goto(path);
    await hydrated(page);
    expect(await drawnNodeKept(page), `${path}: the server's nodes kept`).toBe(true);
    expect(problems, path).toEqual([]);
  }

  // Hydrated, the page is the app: the home page's category toggle reads and shows another category.
  await page.goto('/');
  await hydrated(page);
  const categories = page.getByRole('region', { name: 'Our Meals Categories' });
  await expect(categories.getByRole('article', { name: title })).toBeVisible();
  await categories.getByRole('button', { name: 'Dinner' }).click();
  await expect(categories.getByRole('button', { name: 'Dinner' })).toHaveAttribute('aria-pressed', 'true');
  await expect(categories.getByRole('article', { name: title })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the check sees a mismatch: a page whose drawn text differs from what the app renders is reported and drawn again', async ({ page }) => {
  await page.route('**/', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('Our Meals Categories', 'Something Else Entirely');
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    await route.fulfill({ response, body, headers });
  });
  await keepDrawnNode(page);
  const problems = collectProblems(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Meals Categories' })).toBeVisible();
  expect(problems.join('\n')).toMatch(/418|hydrat/i);
  expect(await drawnNodeKept(page)).toBe(false);
});

test("a member's reload of a meal they liked: the drawn page (a visitor's) hydrates, then shows their like; the like waits until it knows", async ({
  page,
  request,
}) => {
  const title = `Liked Upma ${Date.now().toString(36)}`;
  const mealId = await adminApi(request).then((admin) => admin.addMeal({ title, category: 'Lunch' }));
  await register(page, 'Server Liker', uniqueEmail('server-liker'));
  await page.goto(`/meal/${mealId}`);
  await page.getByRole('button', { name: /^Like 0 likes$/ }).click();
  await expect(page.getByRole('button', { name: /^Liked 1 like$/ })).toBeDisabled();

  await keepDrawnNode(page);
  const problems = collectProblems(page);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('button', { name: /^Liked 1 like$/ })).toBeDisabled();
  expect(await drawnNodeKept(page)).toBe(true);
  expect(problems).toEqual([]);
});
