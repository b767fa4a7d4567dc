import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  adminApi,
  closeDialog,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  expectRightAtEveryWidth,
  login,
  openDashboard,
  silverMemberApi,
  test,
  uniqueEmail,
} from '../support/fixtures';

/** Every event's Details opened: the record's ids, stream names and JSON are what overflow a phone. */
async function openAllDetails(page: Page) {
  const closed = page.locator('main details:not([open]) > summary');
  while ((await closed.count()) > 0) await closed.first().click();
}

test("an admin makes a user an auditor, who finds a meal by typing its name, slides back in time, reads a request among its student's three, opens a payment trail, exports, and verifies the digest", async ({
  browser,
  request,
}) => {
  // What the auditor will read: a meal added and edited twice; a member's Silver payment; and that
  // member's three requests in their one stream: this meal's approved then taken back, another's
  // cancelled after that, a third's asked last.
  const kitchen = await adminApi(request);
  const title = `Audit Dal ${Date.now().toString(36)}`;
  const mealId = await kitchen.addMeal({ title, category: 'Dinner', price: 6.5 });
  await kitchen.editMeal(mealId, { price: 7.25 });
  await kitchen.editMeal(mealId, { title: `${title} Deluxe` });
  const [salmon, risotto] = [
    await kitchen.addMeal({ title: `${title} Salmon`, category: 'Lunch' }),
    await kitchen.addMeal({ title: `${title} Risotto`, category: 'Lunch' }),
  ];
  const member = await silverMemberApi(request, 'Paying Member');
  const dal = await member.requestMeal(mealId);
  const second = await member.requestMeal(salmon);
  await kitchen.kitchen(dal, 'approve');
  const beforeRecall = Date.now();
  await kitchen.kitchen(dal, 'recall');
  const afterRecall = Date.now();
  await member.cancelRequest(second);
  await member.requestMeal(risotto);
  const auditorEmail = uniqueEmail('auditor');
  expect((await request.post('/api/auth/register', { data: { name: 'Audrey Auditor', email: auditorEmail, password: 'journey-pass-1' } })).status()).toBe(201);

  // The admin makes them an auditor in Manage Users.
  const admin = await (await browser.newContext()).newPage();
  await login(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/dashboard/manageUsers');
  await admin.getByPlaceholder('Search by username or email').fill(auditorEmail);
  const row = admin.getByRole('row', { name: new RegExp(auditorEmail) });
  await expect(admin.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: 'Make Auditor: Audrey Auditor' }).click();
  await admin.getByRole('alertdialog', { name: 'Make Audrey Auditor an auditor?' }).getByRole('button', { name: 'Make Auditor' }).click();
  await closeDialog(admin, 'Success');
  await expect(row.getByText('Auditor', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Make Auditor/ })).toHaveCount(0);
  await expectAccessible(admin);

  // The auditor signs in; their dashboard is the audit trail, newest first.
  const page = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
  await login(page, auditorEmail, 'journey-pass-1');
  await openDashboard(page);
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText(['My Profile', 'Audit']);
  await expect(page.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');

  // Finds the meal by typing its name (its name now) into the search box.
  await page.getByRole('searchbox', { name: 'Name or email' }).fill(`${title} Delu`);
  const found = page.getByRole('list', { name: 'Found', exact: true }).getByRole('link', { name: `${title} Deluxe`, exact: true });
  await expect(found).toBeVisible();
  await expectRightAtEveryWidth(page, 'audit-search');
  await found.click();

  // The meal as it stands, then slid back to its first version.
  await expect(page.getByRole('heading', { name: `${title} Deluxe`, level: 1 })).toBeVisible();
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: `${title} Deluxe` })).toBeVisible();
  await expect(card).toContainText('$7.25');
  await expect(card).toContainText('0 likes · 0 reviews');
  const timeline = page.getByRole('list', { name: 'Events of this meal' });
  // Its three versions, and the two events of the request that names it (asked, approved, taken back).
  await expect(timeline.getByRole('listitem')).toHaveCount(6);
  await expect(timeline.getByRole('listitem').first()).toContainText(
    `Demo Admin took Paying Member's request for ${title} Deluxe back from Approved to Pending`,
  );
  // Newest first is a switch: off, the timeline reads in the order things happened.
  const order = page.getByRole('region', { name: 'Timeline' }).getByRole('button', { name: 'Newest first' });
  await expect(order).toHaveAttribute('aria-pressed', 'true');
  await order.click();
  await expect(order).toHaveAttribute('aria-pressed', 'false');
  await expect(timeline.getByRole('listitem').first()).toContainText('MealAdded');
  await order.click();
  await expect(timeline.getByRole('listitem').first()).toContainText('MealRequestRecalled');
  await expectRightAtEveryWidth(page, 'audit-meal', () => openAllDetails(page));

  // The state at a moment: before it existed, then now (its latest version).
  const moment = page.getByLabel('State at a moment');
  await moment.fill('2001-01-01T00:00:01');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByText('It did not exist yet then.')).toBeVisible();
  // (A moment with seconds other than :00, which the field would drop.)
  await moment.fill(`${new Date(Date.now() + 120_000).toISOString().slice(0, 17)}30`);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByText(/^Then it stood at version 3, made /)).toBeVisible();

  // Any two versions compared: the first and the latest.
  await page.getByLabel('From version').fill('1');
  await page.getByLabel('To version').fill('3');
  await page.getByRole('button', { name: 'Compare' }).click();
  const comparison = page.getByTestId('comparison');
  await expect(comparison).toContainText('From version 1 to version 3: 2 events.');
  await expect(
    comparison
      .getByText(/^Title:/)
      .first()
      .locator('..'),
  ).toHaveText(`Title: from “${title}” → to “${title} Deluxe”`);
  await expect(
    comparison
      .getByText(/^Price:/)
      .first()
      .locator('..'),
  ).toHaveText('Price: from 6.5 → to 7.25');

  const slider = page.getByRole('slider', { name: 'Version' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(card).toContainText('$6.50');
  await expect(page.getByText('1 (the latest is 3)')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(card).toContainText('$7.25');
  await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(page.getByLabel('This version', { exact: true })).toContainText(`Demo Admin (${DEMO_ADMIN.email})`);
  await expect(
    page
      .getByText(/^Price:/)
      .first()
      .locator('..'),
  ).toHaveText('Price: from 6.5 → to 7.25');

  // Exports the meal's timeline: a CSV download, a header and one line an event, in the order they happened.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-.+\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).trim().split('\n');
  expect(lines[0]).toMatch(/^position,stream,version,type,/);
  expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual([
    'MealAdded',
    'MealEdited',
    'MealEdited',
    'MealRequested',
    'MealRequestApproved',
    'MealRequestRecalled',
  ]);

  // The request's page: its student made three, all in one stream, yet its header tells its own last
  // change (the admin's recall), not the stream's last event (the third request).
  await timeline
    .getByRole('link', { name: `Meal request: Paying Member's request for ${title} Deluxe` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: `Paying Member's request for ${title} Deluxe`, level: 1 })).toBeVisible();
  const version = page.getByLabel('This version', { exact: true });
  await expect(page.getByText('3 (the latest)')).toBeVisible();
  await expect(version).toContainText('MealRequestRecalled');
  await expect(version).toContainText(`Demo Admin (${DEMO_ADMIN.email})`);
  await expect(page.getByLabel('Its fields at this version')).toContainText('“Pending”');
  await expect(page.getByRole('list', { name: 'Events of this meal request' }).getByRole('listitem')).toHaveCount(3);
  // …at the recall's time, not the later cancellation's or third request's.
  const recalledAt = Date.parse((await version.getByRole('time').getAttribute('datetime'))!);
  expect(recalledAt).toBeGreaterThanOrEqual(beforeRecall - 1000);
  expect(recalledAt).toBeLessThanOrEqual(afterRecall);
  await expectRightAtEveryWidth(page, 'audit-request', () => openAllDetails(page));

  // The member's payment trail: what they paid and the badge it granted.
  await page.getByRole('navigation', { name: 'Audit' }).getByRole('link', { name: 'Payment trails' }).click();
  await page.getByLabel('Member email').fill(member.email);
  await page.getByRole('button', { name: 'Show trail' }).click();
  const trail = page.getByRole('table', { name: 'Payment trails' }).getByRole('row').nth(1);
  await expect(trail).toContainText('Silver · $19');
  await expect(trail).toContainText('1900 usd minor units');
  await expect(trail).toContainText('granted Paying Member the silver badge');
  await expectAccessible(page);

  // Verifies the latest digest's signature in the browser.
  await page.getByRole('navigation', { name: 'Audit' }).getByRole('link', { name: 'Integrity' }).click();
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signature' })).toContainText(/^Signature valid: .* It covers the log up to position \d+\/\d+/);
  await expect(page.getByText('npm run audit:verify', { exact: true })).toBeVisible();
  await expectAccessible(page);
});
