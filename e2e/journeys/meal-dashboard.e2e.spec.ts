import { closeDialog, DEMO_ADMIN, expect, expectAccessible, hydrated, login, register, test, TINY_PNG, uniqueEmail } from '../support/fixtures';

test('an admin adds a meal with its image, finds it in All Meals, sorts, and deletes it', async ({ page }) => {
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/dashboard/addMeal');
  const form = page.getByRole('form', { name: 'Add Meal' });
  await expect(form.getByLabel('Distributor email')).toHaveValue(DEMO_ADMIN.email);

  // The spec's texts, before anything is sent.
  await form.getByRole('button', { name: 'Add Meal' }).click();
  for (const text of ['Title is required', 'Category is required', 'Ingredients are required', 'Description is required', 'Price is required']) {
    await expect(form.getByText(text)).toBeVisible();
  }
  await expectAccessible(page);

  const title = `Journey Khichdi ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption('Lunch');
  await form.getByLabel('Ingredients (comma-separated)').fill('rice, moong dal,  ghee ');
  await form.getByLabel('Description').fill('One-pot comfort food');
  await form.getByLabel('Price ($)').fill('-1');
  await form.getByRole('button', { name: 'Add Meal' }).click();
  await expect(form.getByText('Price must be positive')).toBeVisible();
  await form.getByLabel('Price ($)').fill('5.75');
  // No image yet: refused with the spec's words.
  await form.getByRole('button', { name: 'Add Meal' }).click();
  await closeDialog(page, 'Oops...');
  await form.getByLabel('Image').setInputFiles({ name: 'khichdi.png', mimeType: 'image/png', buffer: TINY_PNG });
  // 'Success' / 'Image uploaded successfully!' (it closes by itself after 1.5 s), and the field says so.
  await closeDialog(page, 'Success');
  await expect(form.getByText('Image uploaded successfully!')).toBeVisible();
  await form.getByRole('button', { name: 'Add Meal' }).click();
  await closeDialog(page, 'Meal Added!');
  await expect(form.getByLabel('Title')).toHaveValue('');

  await page.getByRole('link', { name: 'All Meals' }).click();
  const table = page.getByRole('table', { name: 'Meals' });
  const row = table.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('0.0');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sort by likes' }).click();
  await expect(page.getByRole('button', { name: 'Sort by likes' })).toHaveAttribute('aria-pressed', 'true');
  const likes = (await table.getByRole('row').allInnerTexts()).slice(1).map((text) => Number(text.split('\t')[1]));
  expect(likes).toEqual([...likes].sort((a, b) => b - a));
  expect(likes[0]).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Sort by likes' }).click();

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await closeDialog(page, 'Deleted!');
  await expect(row).toHaveCount(0);
});

test('a student finds their review in My Reviews and deletes it; the admin moderates in All Reviews', async ({ browser }) => {
  const student = await (await browser.newContext()).newPage();
  await register(student, 'Reviewing Student', uniqueEmail('reviewer'));
  await student.goto('/AllMeals');
  // The title from the card, then the meal page that names it (All Meals' own h1 shows until it opens).
  const card = student
    .getByRole('article')
    .filter({ has: student.getByRole('link', { name: 'View Details' }) })
    .first();
  const mealTitle = await card.getByRole('heading').innerText();
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(student.getByRole('heading', { level: 1, name: mealTitle })).toBeVisible();
  // Typed as soon as the drawn page shows, before the app may have arrived: the app keeps what was typed.
  await student.getByLabel('Your review').fill('Would eat again.');
  await hydrated(student);
  await expect(student.getByLabel('Your review')).toHaveValue('Would eat again.');
  await student.getByRole('button', { name: 'Add Review' }).click();
  await closeDialog(student, 'Review added!');
  await expect(student.getByLabel('Your review')).toHaveValue('');

  await student.goto('/dashboard/myReviews');
  const mine = student.getByRole('table', { name: 'My reviews' });
  await expect(mine.getByRole('row')).toHaveCount(2);
  await expect(mine.getByRole('row').nth(1)).toContainText(mealTitle);
  await expect(mine.getByRole('row').nth(1)).toContainText('Would eat again.');
  await expectAccessible(student);
  await mine.getByRole('link', { name: `View Meal: ${mealTitle}` }).click();
  await expect(student.getByRole('heading', { level: 1, name: mealTitle })).toBeVisible();
  await student.goBack();

  await student.getByRole('button', { name: `Delete review of ${mealTitle}` }).click();
  const confirm = student.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('This review will be deleted permanently.');
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await closeDialog(student, 'Deleted!');
  await expect(student.getByText('No reviews found.')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await login(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/dashboard/AllReviews');
  const all = admin.getByRole('table', { name: 'All reviews' });
  await expect(all.getByRole('row', { name: /Priya Nair/ }).first()).toBeVisible();
  await expect(all.getByRole('row')).toHaveCount(11);
  await expect(admin.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  await expectAccessible(admin);
});
