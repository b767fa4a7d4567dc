import { expect, expectAccessible, openDashboard, register, test, uniqueEmail } from '../support/fixtures';

test('a visitor registers, lands on home signed in, and the dashboard opens on their profile', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Join Us' }).first().click();
  await expect(page).toHaveURL(/\/SignUp$/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create new account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expectAccessible(page);

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  const email = uniqueEmail('student');
  await register(page, 'Journey Student', email);
  await expect(page.getByRole('link', { name: 'Join Us' })).toHaveCount(0);

  await openDashboard(page);
  await expect(page).toHaveURL(/\/dashboard\/userProfile$/);
  const sidebar = page.getByRole('navigation', { name: /dashboard/i });
  await expect(sidebar.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await expect(page.getByRole('main').getByText('None')).toBeVisible();
  await expectAccessible(page);

  // Logout returns to home, signed out.
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Join Us' }).first()).toBeVisible();
});

test('guards: a visitor is sent to sign in, a student opening an admin page to their profile', async ({ page }) => {
  await page.goto('/dashboard/manageUsers');
  await expect(page).toHaveURL(/\/SignUp$/);
  await register(page, 'Curious Student', uniqueEmail('curious'));
  await page.goto('/dashboard/manageUsers');
  await expect(page).toHaveURL(/\/dashboard\/userProfile$/);
});
