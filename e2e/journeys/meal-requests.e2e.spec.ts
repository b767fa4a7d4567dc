import { adminApi, closeDialog, DEMO_ADMIN, expect, expectAccessible, expectRightAtEveryWidth, login, register, test, uniqueEmail } from '../support/fixtures';

test('a student requests a meal; the admin sees it arrive live and serves it; the student sees Delivered without reloading', async ({ browser, request }) => {
  const title = `Request Thali ${Date.now().toString(36)}`;
  const mealId = await (await adminApi(request)).addMeal({ title, category: 'Lunch' });
  const studentName = `Rhea ${Date.now().toString(36)}`;
  const studentEmail = uniqueEmail('rhea');

  // The admin opens Serve Meals first and keeps it open.
  const admin = await (await browser.newContext()).newPage();
  await login(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/dashboard/serveMeals');
  const queue = admin.getByRole('table', { name: 'Requested meals' });
  await expect(queue).toBeVisible();
  await expectAccessible(admin);

  const student = await (await browser.newContext()).newPage();
  await register(student, studentName, studentEmail);
  await student.goto(`/meal/${mealId}`);
  await student.getByRole('button', { name: 'Request Meal' }).click();
  await expect(student.getByRole('dialog', { name: 'Request Submitted' })).toContainText('Request is pending approval.');
  await closeDialog(student, 'Request Submitted');
  await expect(student.getByText('Your request:')).toContainText('Pending');
  await expect(student.getByRole('button', { name: 'Requested' })).toBeDisabled();

  // My Requested Meals stays open while the admin serves.
  await student.goto('/dashboard/requestedMeals');
  const mine = student.getByRole('table', { name: 'My requested meals' });
  const myRow = mine.getByRole('row').filter({ hasText: title });
  await expect(myRow).toContainText('Pending');
  await expectAccessible(student);

  // The request arrives in the admin's open queue without a reload.
  const queued = queue.getByRole('row').filter({ hasText: studentEmail });
  await expect(queued).toContainText(title);
  await expect(queued).toContainText(studentName);
  await queued.getByRole('button', { name: `Serve ${title} to ${studentName}` }).click();
  await expect(admin.getByRole('dialog', { name: 'Served!' })).toContainText('Meal marked as Delivered!');
  await closeDialog(admin, 'Served!');
  await expect(queued.getByRole('button')).toHaveCount(0);
  await expect(queued).toContainText('Delivered');

  // …and the student's open page turns Delivered by itself.
  await expect(myRow).toContainText('Delivered');

  // A delivered meal can no longer be cancelled.
  await expect(myRow.getByRole('button', { name: `Cancel request for ${title}` })).toHaveCount(0);
  await expect(myRow).toContainText('Not cancellable');

  // Asked for again, then cancelled while Pending: cancelling asks first, then the request leaves both lists, live for the admin.
  await student.goto(`/meal/${mealId}`);
  await student.getByRole('button', { name: 'Request Meal' }).click();
  await closeDialog(student, 'Request Submitted');
  await student.goto('/dashboard/requestedMeals');
  const pendingRow = mine.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Pending' });
  const queuedAgain = queue.getByRole('row').filter({ hasText: studentEmail }).filter({ hasText: 'Pending' });
  await expect(queuedAgain).toHaveCount(1);
  await pendingRow.getByRole('button', { name: `Cancel request for ${title}` }).click();
  const question = student.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(question).toContainText("You won't be able to revert this cancellation!");
  // Its way out keeps the request, and is where focus starts.
  await expect(question.getByRole('button', { name: 'Keep request' })).toBeFocused();
  await expectRightAtEveryWidth(student, 'cancel-request');
  await question.getByRole('button', { name: 'Yes, cancel it!' }).click();
  await closeDialog(student, 'Cancelled!');
  await expect(pendingRow).toHaveCount(0);
  await expect(queuedAgain).toHaveCount(0);
  await expect(myRow).toHaveCount(1);
});
