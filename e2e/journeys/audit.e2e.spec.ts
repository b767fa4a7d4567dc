import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminApi, closeDialog, DEMO_ADMIN, expectAccessible, login, openDashboard, silverMemberApi, uniqueEmail } from '../support/fixtures';

/** A moment as a datetime-local field takes it, to the minute, in UTC (the auditor's browser runs in UTC). */
const minuteOf = (date: Date) => date.toISOString().slice(0, 16);

test('an admin makes a user an auditor, who finds a meal, slides back in time, opens a payment trail, exports, and verifies the digest', async ({
  browser,
  request,
}) => {
  // What the auditor will read: a meal added and edited twice, and a member's Silver payment.
  const since = new Date(Date.now() - 60_000);
  const kitchen = await adminApi(request);
  const title = `Audit Dal ${Date.now().toString(36)}`;
  const mealId = await kitchen.addMeal({ title, category: 'Dinner', price: 6.5 });
  await kitchen.editMeal(mealId, { price: 7.25 });
  await kitchen.editMeal(mealId, { title: `${title} Deluxe` });
  const member = await silverMemberApi(request, 'Paying Member');
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
  await closeDialog(admin, 'Success');
  await expect(row.getByText('Auditor', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Make Auditor/ })).toHaveCount(0);
  await expectAccessible(admin);

  // The auditor signs in; their dashboard is the audit trail.
  // The search's time fields are the browser's local time: one zone for the browser and this test.
  const page = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
  await login(page, auditorEmail, 'journey-pass-1');
  await openDashboard(page);
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText(['My Profile', 'Audit']);

  // Finds the meal: meals the admin added since the journey began.
  await page.getByLabel('Actor (email or user id)').fill(DEMO_ADMIN.email);
  await page.getByLabel('Event type').selectOption({ label: 'Meal added' });
  await page.getByLabel('From').fill(minuteOf(since));
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page
    .getByRole('list', { name: 'Events found' })
    .getByRole('listitem')
    .filter({ hasText: `added the meal “${title}”` });
  await expect(found).toHaveCount(1);
  await expectAccessible(page);
  await found.getByRole('link', { name: /^Meal / }).click();

  // The meal as it stands, then slid back to its first version.
  await expect(page.getByRole('heading', { name: 'Meal timeline', level: 1 })).toBeVisible();
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: `${title} Deluxe` })).toBeVisible();
  await expect(card).toContainText('$7.25');
  await expect(page.getByRole('list', { name: 'Events of this meal' }).getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page);
  const slider = page.getByRole('slider', { name: 'Version' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(card).toContainText('$6.50');
  await expect(page.getByText('0 (the latest is 2)')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(card).toContainText('$7.25');
  await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(page.getByText(/^Price:/).locator('..')).toHaveText('Price: from 6.5 → to 7.25');

  // Exports the meal's timeline: a CSV download, a header and one line an event.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-.+\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).trim().split('\n');
  expect(lines[0]).toMatch(/^position,stream,version,type,/);
  expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(['MealAdded', 'MealEdited', 'MealEdited']);

  // The member's payment trail: what they paid and the badge it granted.
  await page.getByRole('navigation', { name: 'Audit' }).getByRole('link', { name: 'Payment trails' }).click();
  await page.getByLabel('Member email').fill(member.email);
  await page.getByRole('button', { name: 'Show trail' }).click();
  const trail = page.getByRole('table', { name: 'Payment trails' }).getByRole('row').nth(1);
  await expect(trail).toContainText('Silver · $19');
  await expect(trail).toContainText('1900 usd minor units');
  await expect(trail).toContainText('granted the silver badge');
  await expectAccessible(page);

  // Verifies the latest digest's signature in the browser.
  await page.getByRole('navigation', { name: 'Audit' }).getByRole('link', { name: 'Integrity' }).click();
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signature' })).toContainText(/^Signature valid: .* It covers the log up to position \d+\/\d+/);
  await expect(page.getByText('npm run audit:verify', { exact: true })).toBeVisible();
  await expectAccessible(page);
});
