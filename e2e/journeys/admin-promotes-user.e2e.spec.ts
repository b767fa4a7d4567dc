import { closeDialog, expect, expectAccessible, login, openDashboard, register, test, uniqueEmail } from '../support/fixtures';

test('an admin promotes a user, whose sidebar becomes the admin one at their next sign-in', async ({ browser }) => {
  const studentEmail = uniqueEmail('promoted');
  // Two people, two browsers: separate cookies and sessions.
  const student = await (await browser.newContext()).newPage();
  await register(student, 'Soon Admin', studentEmail);
  await openDashboard(student);
  await expect(student).toHaveURL(/\/dashboard\/userProfile$/);

  const admin = await (await browser.newContext()).newPage();
  await login(admin, 'admin@hostel.test', 'admin-demo-2025');
  await openDashboard(admin);
  await expect(admin).toHaveURL(/\/dashboard\/adminProfile$/);
  await expect(admin.getByText(/Meals Added: \d+/)).toBeVisible();
  await admin.getByRole('link', { name: 'Manage Users' }).click();
  await admin.getByPlaceholder('Search by username or email').fill(studentEmail);
  const row = admin.getByRole('row', { name: new RegExp(studentEmail) });
  await expect(row).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await expectAccessible(admin);
  await row.getByRole('button', { name: 'Make Admin: Soon Admin' }).click();
  await admin.getByRole('alertdialog', { name: 'Make Soon Admin an admin?' }).getByRole('button', { name: 'Make Admin' }).click();
  await closeDialog(admin, 'Success');
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();

  // The promotion reaches the student with their next sign-in.
  await student.goto('/');
  await student.getByRole('button', { name: 'Account menu' }).click();
  await student.getByRole('menuitem', { name: 'Logout' }).click();
  await login(student, studentEmail, 'journey-pass-1');
  await openDashboard(student);
  await expect(student).toHaveURL(/\/dashboard\/adminProfile$/);
  await expect(student.getByRole('link', { name: 'Manage Users' })).toBeVisible();
});
