import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** What the app logs when hydrating a server-drawn page failed and React drew it again (web/src/start-app.tsx). */
const HYDRATION_FAILED = /^Hydration failed/;

/**
 * Every journey's `test`: it fails when a page of the journey, in any of its browser contexts, says
 * hydration failed (a server-drawn page that differs from the app's first render in the browser). A
 * test that means to see such a page sets `test.use({ failOnHydrationErrors: false })` and reads them
 * from `hydrationErrors`.
 */
export const test = base.extend<{ failOnHydrationErrors: boolean; hydrationErrors: string[] }>({
  failOnHydrationErrors: [true, { option: true }],
  hydrationErrors: [
    async ({ browser, context, failOnHydrationErrors }, use) => {
      const errors: string[] = [];
      const watch = (watched: BrowserContext) =>
        watched.on('console', (message) => {
          if (message.type() === 'error' && HYDRATION_FAILED.test(message.text())) errors.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
        });
      watch(context);
      // Contexts the journey opens itself (a second user, a tablet) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options) => {
        const opened = await newContext(...options);
        watch(opened);
        return opened;
      };
      try {
        await use(errors);
      } finally {
        browser.newContext = newContext;
      }
      if (failOnHydrationErrors) expect(errors, 'pages whose hydration failed').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** A unique email per run, so journeys never collide with each other or with a previous run. */
export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** No WCAG 2.2 A/AA violations on the page as it stands. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** axe's heading-order (a best practice, outside the WCAG tags above): no heading level skipped. */
export async function expectHeadingsInOrder(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  expect(results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))).toEqual([]);
}

/** A phone, a small laptop (or a landscape tablet) and a desktop. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

/**
 * The page fits the screen: it does not scroll sideways, and nothing shown in its main region (text,
 * links, code, data) reaches past the screen's right edge or is cut inside its own box.
 */
export async function expectNoOverflow(page: Page) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`the page scrolls sideways (${root.scrollWidth} > ${window.innerWidth})`);
    for (const node of Array.from(
      document.querySelectorAll<HTMLElement>('main a, main code, main pre, main dd, main p, main h1, main h2, main h3, main li, main button'),
    )) {
      const box = node.getBoundingClientRect();
      // Not shown, or drawn for screen readers only (1×1 px).
      if (box.width <= 1 || box.height <= 1) continue;
      const name = `${node.tagName.toLowerCase()} “${(node.textContent ?? '').trim().slice(0, 40)}”`;
      if (box.right > window.innerWidth + 0.5) found.push(`${name} reaches ${Math.round(box.right)} px`);
      const style = getComputedStyle(node);
      if (style.display !== 'inline' && style.overflowX !== 'visible' && node.scrollWidth > node.clientWidth + 1) found.push(`${name} is cut`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/**
 * At 390, 1024 and 1280 px: axe clean (WCAG A/AA and heading order) and nothing overflowing; a full-page
 * screenshot each when E2E_SHOTS names a folder (to look at). `prepare` runs after each resize.
 */
export async function expectRightAtEveryWidth(page: Page, name: string, prepare?: () => Promise<void>) {
  const original = page.viewportSize();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await prepare?.();
    await expectAccessible(page);
    await expectHeadingsInOrder(page);
    await expectNoOverflow(page);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, `${name}-${size.width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Waits until the page is the app (its 'hydrated' User Timing mark, web/src/start-app.tsx). A page the
 * server drew shows its buttons before the app has come (web/src/main.tsx asks for it once the page has
 * painted): a click on one before then does nothing. Links work either way (the browser follows them).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('hydrated', 'mark').length > 0);
}

export async function closeDialog(page: Page, title: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // Success dialogs close by themselves, so their OK button may be gone by the time it is clicked (a
  // click would then wait for another). Escape closes the dialog as OK does while it is open (focus is
  // inside it), and does nothing once it has gone: the journey is fast either way.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

export async function register(page: Page, name: string, email: string, password = 'journey-pass-1') {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await closeDialog(page, 'Registration Successful!');
  await expect(page).toHaveURL(/\/$/);
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/SignUp');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await closeDialog(page, 'Login Successful');
  await expect(page).toHaveURL(/\/$/);
}

export async function openDashboard(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
}

export const DEMO_ADMIN = { email: 'admin@hostel.test', password: 'admin-demo-2025' } as const;

/** A 1×1 PNG: the media endpoint re-encodes whatever it accepts, so the smallest real image will do. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z/C/HgAGgwJ/lK3Q6wAAAABJRU5ErkJggg==', 'base64');

/** The demo admin over HTTP, for arranging what a journey starts from (the journey itself goes through the screens). */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const uploadImage = async () => {
    const upload = await request.post('/api/uploads', { headers, multipart: { file: { name: 'meal.png', mimeType: 'image/png', buffer: TINY_PNG } } });
    expect(upload.status()).toBe(201);
    return ((await upload.json()) as { url: string }).url;
  };
  return {
    async addUpcomingMeal(title: string) {
      const added = await request.post('/api/upcomingMeals', {
        headers,
        data: { title, category: 'Lunch', image: await uploadImage(), ingredients: 'rice, lentils', description: 'On the vote', price: 5 },
      });
      expect(added.status()).toBe(201);
      return ((await added.json()) as { _id: string })._id;
    },
    async addMeal(fields: { title: string; category: 'Breakfast' | 'Lunch' | 'Dinner'; price?: number }) {
      const added = await request.post('/api/meals', {
        headers,
        data: { image: await uploadImage(), ingredients: 'lentils, rice, coriander', description: 'Made for a journey test', price: 6.5, ...fields },
      });
      expect(added.status()).toBe(201);
      return ((await added.json()) as { _id: string })._id;
    },
    async editMeal(id: string, changes: Record<string, unknown>) {
      const edited = await request.patch(`/api/meals/${id}`, { headers, data: changes });
      expect(edited.status()).toBe(200);
    },
    /** Moves a meal request on (approve, serve) or takes the last move back (recall), as the kitchen does. */
    async kitchen(requestId: string, action: 'approve' | 'serve' | 'recall') {
      const moved = await request.patch(`/api/requestedMeals/${encodeURIComponent(requestId)}/${action}`, { headers });
      expect(moved.status()).toBe(200);
    },
  };
}

/** A student who bought Silver in test mode, over HTTP (for arranging likes a journey starts from). */
export async function silverMemberApi(request: APIRequestContext, name: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const registered = await request.post('/api/auth/register', { data: { name, email, password: 'journey-pass-1' } });
  expect(registered.status()).toBe(201);
  const headers = { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };
  expect(
    (
      await request.post('/payment', { headers: { ...headers, 'idempotency-key': randomUUID() }, data: { package: 'Silver', stripeToken: 'tok_visa' } })
    ).status(),
  ).toBe(200);
  return {
    email,
    async like(upcomingId: string) {
      const liked = await request.patch(`/api/upcomingMeals/${upcomingId}/like`, { headers });
      expect(liked.status()).toBe(200);
    },
    /** Asks for a meal; answers the request's id. */
    async requestMeal(mealId: string) {
      const asked = await request.post('/api/mealRequests', { headers, data: { mealId } });
      expect(asked.status()).toBe(201);
      return ((await asked.json()) as { _id: string })._id;
    },
    async cancelRequest(requestId: string) {
      expect((await request.delete(`/api/mealRequests/${encodeURIComponent(requestId)}`, { headers })).status()).toBe(200);
    },
  };
}
