import { expect, type Page, test } from '@playwright/test';
import { adminApi, register, uniqueEmail } from '../support/fixtures';

/**
 * The public pages come drawn by the server and the browser hydrates them (issue 15): the nodes the
 * server sent stay (the app adopts them, it does not draw the page again), nothing is left over from
 * the server's drawing that the app would not draw, and the page then works as the app: a category
 * chosen, a member's own like shown.
 *
 * The app runs on Preact (web/build/preact.ts), which does not report a mismatch: while hydrating it
 * puts right a text that differs and keeps the server's attributes as they came. So the check is the
 * end result: once settled, the hydrated page is exactly the page the app draws on its own, in the
 * browser, from the same data.
 */

/** Before the app's script runs (readyState 'interactive' comes first), keeps the node the server drew. */
function keepDrawnNode(page: Page) {
  return page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root > div');
    });
  });
}

/** Every error and warning the page reports. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Waits until the app owns the page (Preact's tree on #root: its `_children`, minified `__k`), then until it is quiet. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && root.querySelector('header') !== null && '__k' in root;
  });
  await page.waitForLoadState('networkidle');
}

/**
 * The app's markup once it has settled (with no motion: the hero's typing and slides hold still). What
 * a form field holds (value, checked, selected) is its property, which the app sets and the server
 * writes as an attribute: it is compared as what the field holds (an option's value is its text when
 * it has none). Attributes are compared in name order (one the app adds later goes last).
 */
async function settledMarkup(page: Page): Promise<string> {
  await hydrated(page);
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const root = document.getElementById('root')!;
    const copy = root.cloneNode(true) as HTMLElement;
    const live = Array.from(root.querySelectorAll('*'));
    Array.from(copy.querySelectorAll('*')).forEach((element, index) => {
      const field = live[index] as HTMLInputElement & HTMLOptionElement;
      if (element.matches('input, textarea, select, option')) element.setAttribute('value', field.value);
      if (element.matches('input')) element.toggleAttribute('checked', field.checked);
      if (element.matches('option')) element.toggleAttribute('selected', field.selected);
      const attributes = Array.from(element.attributes)
        .map(({ name, value }) => [name, value] as const)
        .sort(([a], [b]) => a.localeCompare(b));
      for (const [name] of attributes) element.removeAttribute(name);
      for (const [name, value] of attributes) element.setAttribute(name, value);
    });
    // The server's marks around a part that loaded on its own (Suspense) are comments, drawn as nothing.
    const comments = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
    const marks: Node[] = [];
    while (comments.nextNode()) marks.push(comments.currentNode);
    for (const mark of marks) mark.parentNode!.removeChild(mark);
    return copy.innerHTML;
  });
}

/**
 * `path` drawn by the app alone, in the browser: it starts on a page the server does not draw
 * (Upcoming Meals), then goes to `path` itself, as the browser's Back would take it there.
 */
async function drawnByTheApp(page: Page, path: string): Promise<string> {
  await page.goto('/UpcomingMeals');
  await hydrated(page);
  expect(await page.locator('#ssr-state').count()).toBe(0);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return settledMarkup(page);
}

const drawnNodeKept = (page: Page) =>
  page.evaluate(() => {
    const drawn = (window as unknown as { drawn: Element | null }).drawn;
    return drawn !== null && drawn !== undefined && drawn.isConnected && drawn === document.querySelector('#root > div');
  });

test('home, all meals and a meal page hydrate what the server drew into what the app draws, with nothing reported, and then work', async ({
  page,
  request,
}) => {
  const title = `Drawn Poha ${Date.now().toString(36)}`;
  const mealId = await adminApi(request).then((admin) => admin.addMeal({ title, category: 'Breakfast' }));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await keepDrawnNode(page);
  const problems = collectProblems(page);

  for (const path of ['/', '/AllMeals', '/AllMeals?category=Breakfast&price=0-10', `/meal/${mealId}`]) {
    problems.length = 0;
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('id="ssr-state"');
    await page.goto(path);
    const hydratedMarkup = await settledMarkup(page);
    expect(await drawnNodeKept(page), `${path}: the server's nodes kept`).toBe(true);
    expect(problems, path).toEqual([]);
    expect(hydratedMarkup, `${path}: the hydrated page is the app's own`).toBe(await drawnByTheApp(page, path));
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

test("the check sees a mismatch: an attribute the server drew differently stays after hydration, and the page differs from the app's own", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('aria-label="Meal category"', 'aria-label="Something Else Entirely"');
      expect(body).toContain('Something Else Entirely');
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
      await route.fulfill({ response, body, headers });
    },
  );
  await page.goto('/');
  const hydratedMarkup = await settledMarkup(page);
  await page.unrouteAll();
  expect(hydratedMarkup).toContain('Something Else Entirely');
  const own = await drawnByTheApp(page, '/');
  expect(own).not.toContain('Something Else Entirely');
  expect(hydratedMarkup).not.toBe(own);
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
