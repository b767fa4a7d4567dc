import { adminApi, closeDialog, DEMO_ADMIN, expect, expectAccessible, hydrated, login, register, test, uniqueEmail } from '../support/fixtures';

test("a student browses by category, opens a meal, likes and reviews it; others see it live, and the admin's edit too", async ({ browser, request }) => {
  const title = `Journey Dal ${Date.now().toString(36)}`;
  const mealId = await adminApi(request).then((admin) => admin.addMeal({ title, category: 'Dinner' }));

  const student = await (await browser.newContext()).newPage();
  await register(student, 'Hungry Student', uniqueEmail('hungry'));
  const categories = student.getByRole('region', { name: 'Our Meals Categories' });
  await expect(categories.getByRole('button', { name: 'Breakfast' })).toHaveAttribute('aria-pressed', 'true');
  await categories.getByRole('button', { name: 'Dinner' }).click();
  // Newest first: the meal just added leads its category.
  const card = categories.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(categories.getByRole('article')).toHaveCount(3);
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(student).toHaveURL(new RegExp(`/meal/${mealId}$`));
  await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(student.getByRole('heading', { name: 'Reviews (0)' })).toBeVisible();
  await expect(student.getByText('No reviews yet.')).toBeVisible();

  // A visitor watching the same meal sees the counts move without reloading.
  const watcher = await (await browser.newContext()).newPage();
  await watcher.goto(`/meal/${mealId}`);
  await expect(watcher.getByRole('button', { name: /^Like 0 likes$/ })).toBeVisible();
  await expectAccessible(watcher);
  // The new counts come in the push itself: the watcher never asks for the meal again.
  const mealRefetches: string[] = [];
  watcher.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/meals/${mealId}`) mealRefetches.push(sent.url());
  });

  await student.getByRole('button', { name: /^Like 0 likes$/ }).click();
  await expect(student.getByRole('button', { name: /^Liked 1 like$/ })).toBeDisabled();
  await expect(watcher.getByRole('button', { name: /^Like 1 like$/ })).toBeVisible();
  expect(mealRefetches).toEqual([]);

  // A blank review is refused before it is sent; a real one raises the count, for everyone.
  await student.getByRole('button', { name: 'Add Review' }).click();
  await expect(student.getByText('Please enter a review before submitting.')).toBeVisible();
  await student.getByLabel('Your review').fill('Comforting and well spiced.');
  await student.getByRole('button', { name: 'Add Review' }).click();
  await closeDialog(student, 'Review added!');
  await expect(student.getByRole('heading', { name: 'Reviews (1)' })).toBeVisible();
  await expect(student.getByRole('list', { name: 'Reviews' }).getByText('Comforting and well spiced.')).toBeVisible();
  await expect(watcher.getByRole('heading', { name: 'Reviews (1)' })).toBeVisible();

  // The admin renames the meal; the student's open page follows.
  const admin = await (await browser.newContext()).newPage();
  await login(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/dashboard/adminAllMeals');
  const row = admin.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('button', { name: /Update/ }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Title').fill(`${title} (new recipe)`);
  await dialog.getByRole('button', { name: /Update|Save/ }).click();
  await closeDialog(admin, 'Success!');
  await expect(student.getByRole('heading', { level: 1, name: `${title} (new recipe)` })).toBeVisible();
  await expect(watcher.getByRole('heading', { level: 1, name: `${title} (new recipe)` })).toBeVisible();
});

test('a visitor is asked to sign in before liking or reviewing', async ({ page }) => {
  await page.goto('/AllMeals');
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(/\/meal\/[^/]+$/);
  await hydrated(page);
  await page.getByRole('button', { name: /^Like/ }).click();
  await closeDialog(page, 'Please login first');
  await expect(page).toHaveURL(/\/SignUp$/);
});

test('Explore All Meals filters, searches, and loads the next page as the reader scrolls', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page);
  await page.getByPlaceholder('Search for any product...').fill('rice');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/AllMeals\?search=rice$/);
  await expect(page.getByLabel('Search meals')).toHaveValue('rice');
  const meals = page.getByRole('list', { name: 'Meals' }).getByRole('article');
  await expect(meals.first()).toBeVisible();

  await page.getByLabel('Search meals').fill('');
  await page.getByLabel('Category').selectOption('All');
  await expect(page).toHaveURL(/\/AllMeals$/);
  await expect(meals).toHaveCount(9);
  await expectAccessible(page);
  await page.mouse.wheel(0, 20_000);
  await expect.poll(() => meals.count()).toBeGreaterThan(9);

  // The same pages are reachable without scrolling, from the keyboard.
  await page.getByLabel('Price').selectOption({ label: '$0-$10' });
  await expect(page).toHaveURL(/price=0-10/);
  await expect(meals.first()).toBeVisible();
  for (const price of await page
    .getByRole('list', { name: 'Meals' })
    .getByText(/^\$\d+\.\d\d$/)
    .allTextContents()) {
    expect(Number(price.slice(1))).toBeLessThanOrEqual(10);
  }
});
