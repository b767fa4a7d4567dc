import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { adminApi, closeDialog, DEMO_ADMIN, expect, expectAccessible, login, register, silverMemberApi, test, uniqueEmail } from '../support/fixtures';
import { KITCHEN_SHOTS as SHOTS, kitchenBehindGate, TABLET_LANDSCAPE } from '../support/kitchen';

async function adminAt(browser: Browser, path: string) {
  const page = await (await browser.newContext({ viewport: TABLET_LANDSCAPE })).newPage();
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(path);
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  return page;
}

async function studentWhoRequests(browser: Browser, mealId: string) {
  const name = `Kit ${Date.now().toString(36)}`;
  const page = await (await browser.newContext({ viewport: TABLET_LANDSCAPE })).newPage();
  await register(page, name, uniqueEmail('kit'));
  return {
    page,
    name,
    async request() {
      await page.goto(`/meal/${mealId}`);
      await page.getByRole('button', { name: 'Request Meal' }).click();
      await closeDialog(page, 'Request Submitted');
    },
  };
}

/** The queue card of `title` for `who` (its name: the meal, for whom, and its stage). */
const cardOf = (page: Page, title: string, who: string) => page.getByRole('article', { name: new RegExp(`^${title} for ${who}`) });
const clockOf = (card: Locator) => card.getByTestId('wait-clock');

test('the kitchen display: a request arrives live with its timer; Approve, Serve and Recall reach the student live, with toasts; axe clean', async ({
  browser,
  request,
}) => {
  const title = `Kitchen Biryani ${Date.now().toString(36)}`;
  const mealId = await (await adminApi(request)).addMeal({ title, category: 'Lunch' });
  const admin = await adminAt(browser, '/kitchen');
  await expect(admin.getByRole('heading', { level: 1, name: 'Kitchen queue' })).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);

  const student = await studentWhoRequests(browser, mealId);
  await student.request();
  await student.page.goto('/dashboard/requestedMeals');
  const myRow = student.page.getByRole('table', { name: 'My requested meals' }).getByRole('row').filter({ hasText: title });
  await expect(myRow).toContainText('Pending');

  // It arrives without a reload, its wait counting up.
  const card = cardOf(admin, title, student.name);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Pending');
  const first = await clockOf(card).textContent();
  expect(first).toMatch(/^\d\d:\d\d$/);
  await expect(clockOf(card)).not.toHaveText(first!);
  await expect(admin.getByTestId('arrivals')).toContainText(title);
  await expectAccessible(admin);

  // Approve: the student's row turns Approved live, with a toast.
  await card.getByRole('button', { name: `Approve ${title} for ${student.name}` }).click();
  await expect(admin.getByText('Request approved.', { exact: true })).toBeVisible();
  await expect(card).toContainText('Approved');
  await expect(myRow).toContainText('Approved');
  await expect(student.page.getByText(`Your ${title} is being prepared.`, { exact: true })).toBeVisible();
  await expectAccessible(student.page);

  // Serve: Delivered on both screens; the student can no longer cancel it.
  await card.getByRole('button', { name: `Serve ${title} for ${student.name}` }).click();
  await expect(admin.getByText('Meal marked as Delivered!', { exact: true })).toBeVisible();
  await expect(admin.getByRole('region', { name: /Just delivered/ }).getByRole('article', { name: new RegExp(`^${title}`) })).toBeVisible();
  await expect(myRow).toContainText('Delivered');
  await expect(student.page.getByText(`Your ${title} has been delivered.`, { exact: true })).toBeVisible();
  await expect(myRow.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expectAccessible(admin);

  // Recall (a wrong tap): back to Approved on both screens.
  await card.getByRole('button', { name: `Recall ${title} for ${student.name}` }).click();
  await expect(admin.getByText('Moved back to Approved.', { exact: true })).toBeVisible();
  await expect(card).toContainText('Approved');
  await expect(myRow).toContainText('Approved');
  await expectAccessible(student.page);
});

test('after the socket drops, the screen says Reconnecting…, then Live, and shows what arrived meanwhile without a reload', async ({ browser, request }) => {
  const title = `Kitchen Dal ${Date.now().toString(36)}`;
  const mealId = await (await adminApi(request)).addMeal({ title, category: 'Dinner' });
  const student = await studentWhoRequests(browser, mealId);

  // The admin's socket goes through a gate the test can shut: shutting it drops the socket, and a new
  // one waits at the gate (its connection to the server held back) until the gate opens again.
  const { admin, shut, reopen } = await kitchenBehindGate(browser);
  await admin.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await shut();
  await expect(admin.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();

  await student.request();
  // Its push was lost with the socket: the screen cannot know yet.
  await expect(admin.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await expect(cardOf(admin, title, student.name)).toHaveCount(0);

  // The page is trying again, held at the gate: let it through.
  await reopen();
  await expect(admin.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });
  await expect(cardOf(admin, title, student.name)).toBeVisible();
  expect(await admin.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('the queue works from the keyboard alone: arrows move, Enter approves then serves, Backspace recalls, focus always visible', async ({
  browser,
  request,
}) => {
  const title = `Kitchen Soup ${Date.now().toString(36)}`;
  const mealId = await (await adminApi(request)).addMeal({ title, category: 'Breakfast' });
  const student = await studentWhoRequests(browser, mealId);
  await student.request();
  const admin = await adminAt(browser, '/kitchen');
  // Only this journey's meal: the demo data's requests stand elsewhere (the display's controls are in its menu).
  await admin.getByRole('button', { name: 'Display' }).click();
  await admin.getByRole('menuitemradio', { name: 'Breakfast' }).click();
  await expect(admin.getByText('Breakfast only')).toBeVisible();
  const card = cardOf(admin, title, student.name);
  await expect(card).toBeVisible();

  // Tab from the top of the page to the first card, then arrow down to ours (the newest stands last of the waiting).
  await admin.locator('body').click({ position: { x: 1, y: 1 } });
  for (let presses = 0; presses < 40; presses += 1) {
    await admin.keyboard.press('Tab');
    if (await admin.evaluate(() => document.activeElement?.hasAttribute('data-queue-item'))) break;
  }
  await expect(admin.locator('[data-queue-item]:focus')).toHaveCount(1);
  for (let presses = 0; presses < 200 && !(await card.evaluate((element) => element === document.activeElement)); presses += 1) {
    await admin.keyboard.press('ArrowDown');
  }
  await expect(card).toBeFocused();
  const outline = await card.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');

  await admin.keyboard.press('Enter');
  await expect(card).toContainText('Approved');
  await expect(card).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('region', { name: /Just delivered/ }).getByRole('article', { name: new RegExp(`^${title}`) })).toBeFocused();
  await admin.keyboard.press('Backspace');
  await expect(card).toContainText('Approved');
  await expect(card).toBeFocused();
  // A recall is not itself recalled: the kitchen moves the request on again.
  await expect(card.getByRole('button', { name: /^Recall/ })).toHaveCount(0);
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('region', { name: /Just delivered/ }).getByRole('article', { name: new RegExp(`^${title}`) })).toBeFocused();
});

/** Each ticket's meal name as drawn: cut (wider than its box, or ended with an ellipsis) or whole. */
const cutNames = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-queue-item] :is(h2, h3, h4, h5)'))
      .filter(
        (heading) => heading instanceof HTMLElement && (heading.scrollWidth > heading.clientWidth || getComputedStyle(heading).textOverflow === 'ellipsis'),
      )
      .map((heading) => heading.textContent),
  );

test('long meal names wrap on the tickets of Serve Meals and the kitchen display at 390, 1024 and 1280 px: never cut with an ellipsis, the cards still tidy', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const run = Date.now().toString(36);
  const title = `Prawn Malabar Curry with Coconut Rice and Appam ${run}`;
  const mealId = await (await adminApi(request)).addMeal({ title, category: 'Dinner' });
  const member = await silverMemberApi(request, `Long Name Diner ${run}`);
  const requestId = await member.requestMeal(mealId);

  for (const width of [390, 1024, 1280]) {
    const admin = await (await browser.newContext({ viewport: { width, height: width === 390 ? 844 : width === 1024 ? 768 : 900 } })).newPage();
    await login(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const path of ['/dashboard/serveMeals', '/kitchen']) {
      await admin.goto(path);
      const card = admin.getByRole('article', { name: new RegExp(`^${title} for Long Name Diner`) });
      await expect(card).toBeVisible();
      expect(await cutNames(admin), `meal names cut on ${path} at ${width}px`).toEqual([]);
      // The name is on show in full, where the kitchen reads it (no hover needed).
      await expect(card.getByText(title, { exact: true })).toBeVisible();
      // Tidy: the clock stays on the name's first line, the buttons within the card.
      const [name, clock, serve, box] = await Promise.all([
        card.getByText(title, { exact: true }).boundingBox(),
        card.getByTestId('wait-clock').boundingBox(),
        card.getByRole('button', { name: /^Serve/ }).boundingBox(),
        card.boundingBox(),
      ]);
      expect(clock!.y).toBeLessThan(name!.y + 24);
      expect(serve!.x + serve!.width).toBeLessThanOrEqual(box!.x + box!.width);
      await admin.screenshot({ path: join(SHOTS, `long-names-${path === '/kitchen' ? 'kitchen' : 'serve-meals'}-${width}.png`) });
    }
    await admin.context().close();
  }
  // Off the queue again: the kiosk's count of tickets in view (kitchen-kiosk.e2e.spec.ts) is not about this one.
  await member.cancelRequest(requestId);
});

test('screenshots of the queue, the kitchen display and the student toast at 390, 1024 and 1280 px', async ({ browser, request }) => {
  // Three widths, each with five screens checked by axe (about 3 s each on two busy cores): more than the default minute.
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const title = `Kitchen Curry ${Date.now().toString(36)}`;
  const mealId = await (await adminApi(request)).addMeal({ title, category: 'Lunch' });
  const student = await studentWhoRequests(browser, mealId);
  await student.request();
  await student.page.goto('/dashboard/requestedMeals');

  for (const width of [390, 1024, 1280]) {
    const viewport = { width, height: width === 390 ? 844 : width === 1024 ? 768 : 900 };
    const admin = await (await browser.newContext({ viewport })).newPage();
    await login(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto('/dashboard/serveMeals');
    await expect(cardOf(admin, title, student.name)).toBeVisible();
    await admin.screenshot({ path: join(SHOTS, `serve-meals-${width}.png`), fullPage: width !== 390 });
    if (width === 390) await admin.screenshot({ path: join(SHOTS, `serve-meals-${width}-full.png`), fullPage: true });
    await expectAccessible(admin);
    await admin.goto('/kitchen');
    await expect(cardOf(admin, title, student.name)).toBeVisible();
    const menu = async (item: { role: 'menuitemradio' | 'menuitemcheckbox'; name: string }) => {
      await admin.getByRole('button', { name: 'Display' }).click();
      await admin.getByRole(item.role, { name: item.name }).click();
      await expect(admin.getByRole('menu')).toHaveCount(0);
    };
    await admin.getByRole('button', { name: 'Display' }).click();
    await admin.screenshot({ path: join(SHOTS, `kitchen-menu-${width}.png`) });
    await expectAccessible(admin);
    await admin.keyboard.press('Escape');
    await menu({ role: 'menuitemcheckbox', name: 'Group repeated meals' });
    await admin.screenshot({ path: join(SHOTS, `kitchen-grouped-${width}.png`) });
    await menu({ role: 'menuitemcheckbox', name: 'Group repeated meals' });
    await admin.screenshot({ path: join(SHOTS, `kitchen-${width}.png`) });
    await expectAccessible(admin);
    // The dark kitchen theme: as clean, and as whole.
    await menu({ role: 'menuitemradio', name: 'Dark' });
    await expect(admin.locator('html')).toHaveAttribute('data-theme', 'dark');
    await cardOf(admin, title, student.name)
      .getByRole('button', { name: `${student.name}, show email` })
      .click();
    await admin.screenshot({ path: join(SHOTS, `kitchen-dark-${width}.png`) });
    await expectAccessible(admin);
    // What is drawn outside the screen's tree (the thresholds dialog) is dark too, and as readable.
    await admin.getByRole('button', { name: 'Display' }).click();
    await admin.getByRole('menuitem', { name: /^Thresholds/ }).click();
    const thresholds = admin.getByRole('dialog', { name: 'Waiting thresholds' });
    await expect(thresholds).toHaveCSS('background-color', 'oklch(0.208 0.042 265.755)');
    await admin.screenshot({ path: join(SHOTS, `kitchen-dark-thresholds-${width}.png`) });
    await expectAccessible(admin);
    await admin.keyboard.press('Escape');
    await expect(thresholds).toHaveCount(0);
    await menu({ role: 'menuitemradio', name: "System's" });
    const noSidewaysScroll = await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSidewaysScroll, `the kitchen display scrolls sideways at ${width}px`).toBe(true);
    if (width === 1280) {
      // The student's toast on a phone, then on a tablet (Approve, Recall back to Pending, Approve again).
      const card = cardOf(admin, title, student.name);
      for (const studentWidth of [390, 1024]) {
        await student.page.setViewportSize({ width: studentWidth, height: studentWidth === 390 ? 844 : 768 });
        await card.getByRole('button', { name: /^Approve/ }).click();
        await expect(student.page.getByText(`Your ${title} is being prepared.`, { exact: true }).last()).toBeVisible();
        await student.page.screenshot({ path: join(SHOTS, `student-toast-${studentWidth}.png`) });
        if (studentWidth === 390) {
          await admin.screenshot({ path: join(SHOTS, `kitchen-undo-toast-${width}.png`) });
          await card.getByRole('button', { name: /^Recall/ }).click();
          await expect(card).toContainText('Pending');
        }
      }
    }
    await admin.context().close();
  }
});
