import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { adminApi, expect, expectAccessible, silverMemberApi, test } from '../support/fixtures';
import { KITCHEN_SHOTS as SHOTS, kitchenBehindGate } from '../support/kitchen';

/** The tickets wholly inside the window, as the kitchen sees them without scrolling. */
const ticketsInView = (page: Page) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll('[data-queue-item]')).filter((ticket) => {
        const box = ticket.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      }).length,
  );

/** The header is one line: the heading, Live, the counts and the menu share a row, within the first 64 px. */
async function expectOneLineHeader(page: Page) {
  const header = await page.evaluate(() => {
    const box = (element: Element | null) => element?.getBoundingClientRect();
    return {
      heading: box(document.querySelector('h1')),
      parts: [
        box(Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Display') ?? null),
        box(document.querySelector('[aria-label="Today in the kitchen"]')),
        box(document.querySelector('[data-live-state]')),
      ],
    };
  });
  const middle = (box: { top: number; height: number }) => box.top + box.height / 2;
  for (const part of header.parts) expect(Math.abs(middle(part!) - middle(header.heading!))).toBeLessThan(12);
  for (const part of header.parts) expect(part!.bottom).toBeLessThan(64);
}

test('the kiosk at 1024×768: a dozen and more tickets in view under a one-line header; offline, the queue is dimmed under a banner and its buttons pause', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  // Seven meals, each asked for by two members: fourteen requests beside the demo's.
  const run = Date.now().toString(36);
  const kitchen = await adminApi(request);
  const meals: string[] = [];
  for (let index = 0; index < 7; index++) meals.push(await kitchen.addMeal({ title: `Kiosk Thali ${index + 1} ${run}`, category: 'Dinner' }));
  for (const name of ['Kiosk Asha', 'Kiosk Bram']) {
    const member = await silverMemberApi(request, `${name} ${run}`);
    for (const mealId of meals) await member.requestMeal(mealId);
  }

  // The admin's socket goes through a gate the test can shut: shutting it drops the socket (a real
  // disconnect), and the page's attempts to reconnect are held (WebSocket) or refused (long-polling).
  const { context, admin, shut, reopen } = await kitchenBehindGate(browser);
  await expect(admin.getByRole('article', { name: new RegExp(`^Kiosk Thali 7 ${run} for Kiosk Bram`) })).toBeVisible();

  await expectOneLineHeader(admin);

  const inView = await ticketsInView(admin);
  console.log(`kiosk 1024×768: ${inView} tickets wholly in view`);
  expect(inView).toBeGreaterThanOrEqual(12);
  await admin.screenshot({ path: join(SHOTS, 'kiosk-1024x768.png') });
  await expectAccessible(admin);

  // Grouped, each of the seven meals is one '2 × …' list.
  await admin.getByRole('button', { name: 'Display' }).click();
  await admin.getByRole('menuitemcheckbox', { name: 'Group repeated meals' }).click();
  await expect(admin.getByRole('heading', { name: `2 × Kiosk Thali 1 ${run}` })).toBeVisible();
  await expect(admin.getByRole('heading', { name: /^1 × / })).toHaveCount(0);
  await admin.screenshot({ path: join(SHOTS, 'kiosk-grouped-1024x768.png') });
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Display' }).click();
  await admin.getByRole('menuitemcheckbox', { name: 'Group repeated meals' }).click();

  // The socket drops: the banner says so, the queue is dimmed and its buttons are disabled.
  const approve = admin.getByRole('button', { name: `Approve Kiosk Thali 1 ${run} for Kiosk Asha ${run}` });
  await expect(approve).toBeEnabled();
  await shut();
  const banner = admin.getByTestId('offline-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Offline, reconnecting…');
  await expect(admin.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await expect(admin.getByTestId('queue')).toHaveAttribute('data-paused', 'true');
  // 'Reconnecting…' is longer than 'Live': the header still holds one line.
  await expectOneLineHeader(admin);
  await expect.poll(() => admin.getByTestId('queue').evaluate((queue) => Number(getComputedStyle(queue).opacity))).toBeLessThan(0.6);
  await expect(approve).toBeDisabled();
  await admin.screenshot({ path: join(SHOTS, 'kiosk-offline-1024x768.png') });

  // Back: the held attempt goes through; live again, the banner goes and the buttons work.
  await reopen();
  await expect(admin.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 20_000 });
  await expect(banner).toHaveCount(0);
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(admin.getByText('Request approved.', { exact: true })).toBeVisible();
  await context.close();
});
