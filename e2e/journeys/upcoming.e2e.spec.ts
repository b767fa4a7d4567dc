import {
  adminApi,
  closeDialog,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  login,
  register,
  silverMemberApi,
  test,
  TINY_PNG,
  uniqueEmail,
} from '../support/fixtures';

test('two people watch an upcoming meal: likes move live, and the 10th like publishes it for both', async ({ browser, request }) => {
  const title = `Vote Khichdi ${Date.now().toString(36)}`;
  const upcomingId = await (await adminApi(request)).addUpcomingMeal(title);
  for (let index = 0; index < 8; index++) await (await silverMemberApi(request, `Voter ${index}`)).like(upcomingId);

  const watcher = await (await browser.newContext()).newPage();
  await watcher.goto('/UpcomingMeals');
  const watchedCard = watcher.getByRole('article', { name: title });
  await expect(watchedCard.getByRole('button', { name: `Like ${title}, 8 likes`, exact: true })).toBeVisible();
  await expectAccessible(watcher);

  // A member who bought Gold likes from the page; the watcher's count follows without a reload.
  const member = await (await browser.newContext()).newPage();
  await register(member, 'Gold Voter', uniqueEmail('gold-voter'));
  await member.goto('/checkout/Gold');
  await member.getByLabel('Card number').fill('4242424242424242');
  await member.getByLabel('Expiry (MM / YY)').fill('1234');
  await member.getByLabel('CVC').fill('123');
  await member.getByRole('button', { name: 'Pay Now' }).click();
  await closeDialog(member, 'Payment Successful!');
  await member.goto('/UpcomingMeals');
  const card = member.getByRole('article', { name: title });
  await card.getByRole('button', { name: `Like ${title}, 8 likes`, exact: true }).click();
  await closeDialog(member, 'Liked!');
  await expect(card.getByRole('button', { name: `Liked ${title}, 9 likes`, exact: true })).toBeDisabled();
  await expect(watchedCard.getByRole('button', { name: `Like ${title}, 9 likes`, exact: true })).toBeVisible();

  // The 10th like publishes it: gone from both pages, and in the catalogue.
  const tenth = await (await browser.newContext()).newPage();
  await register(tenth, 'Tenth Voter', uniqueEmail('tenth'));
  await tenth.goto('/checkout/Silver');
  await tenth.getByLabel('Card number').fill('4242424242424242');
  await tenth.getByLabel('Expiry (MM / YY)').fill('1234');
  await tenth.getByLabel('CVC').fill('123');
  await tenth.getByRole('button', { name: 'Pay Now' }).click();
  await closeDialog(tenth, 'Payment Successful!');
  await tenth.goto('/UpcomingMeals');
  await tenth
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Like ${title}, 9 likes`, exact: true })
    .click();
  await expect(tenth.getByRole('dialog', { name: 'Published!' })).toContainText('This meal reached 10 likes and has been published.');
  await closeDialog(tenth, 'Published!');
  await expect(tenth.getByRole('article', { name: title })).toHaveCount(0);
  await expect(watchedCard).toHaveCount(0);
  await expect(card).toHaveCount(0);

  await watcher.goto(`/AllMeals?search=${encodeURIComponent(title)}`);
  await expect(watcher.getByRole('article', { name: title })).toBeVisible();
});

test('a student without a membership is told Silver is needed', async ({ page, request }) => {
  const title = `Members Only ${Date.now().toString(36)}`;
  await (await adminApi(request)).addUpcomingMeal(title);
  await register(page, 'Free Voter', uniqueEmail('free-voter'));
  await page.goto('/UpcomingMeals');
  await page.getByRole('article', { name: title }).getByRole('button', { name: /^Like/ }).click();
  // A warning titled by what it is, not an 'Error'.
  await expect(page.getByRole('dialog', { name: 'Membership Required' })).toContainText('You need at least a Silver badge to like meals.');
});

test('an admin adds an upcoming meal through the form and publishes it early', async ({ page }) => {
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/dashboard/upcomingMealsAdmin');
  await page.getByRole('button', { name: 'Add Upcoming Meal' }).click();
  const form = page.getByRole('form', { name: 'Add Upcoming Meal' });
  await form.getByRole('button', { name: 'Add Upcoming Meal' }).click();
  for (const text of ['Title required', 'Category required', 'Ingredients required', 'Description required', 'Price required'])
    await expect(form.getByText(text)).toBeVisible();
  await expectAccessible(page);

  const title = `Admin Pick ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption('Dinner');
  await form.getByLabel('Ingredients (comma-separated)').fill('noodles, tofu , greens');
  await form.getByLabel('Description').fill('Chosen by the kitchen');
  await form.getByLabel('Price ($)').fill('9.5');
  await form.getByLabel('Image').setInputFiles({ name: 'pick.png', mimeType: 'image/png', buffer: TINY_PNG });
  // 'Success' / 'Image uploaded successfully!' (it closes by itself after 1.5 s), and the field says so.
  await closeDialog(page, 'Success');
  await expect(form.getByText('Image uploaded successfully!')).toBeVisible();
  await form.getByRole('button', { name: 'Add Upcoming Meal' }).click();
  await closeDialog(page, 'Success');

  const row = page.getByRole('table', { name: 'Upcoming meals' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('0');
  await row.getByRole('button', { name: `Publish ${title}` }).click();
  await closeDialog(page, 'Success');
  await expect(row).toHaveCount(0);
  await page.goto(`/AllMeals?search=${encodeURIComponent(title)}`);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
});
