import { closeDialog, expect, expectAccessible, expectRightAtEveryWidth, login, test, uniqueEmail } from '../support/fixtures';
import { nextMail } from '../support/mail';
import { APP_PORT } from '../support/ports';

test("'Forgot password?' mails a single-use link; following it sets a new password, which signs in", async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  const registered = await request.post('/api/auth/register', { data: { name: 'Forgetful Student', email, password: 'journey-pass-1' } });
  expect(registered.status()).toBe(201);

  await page.goto('/SignUp');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'If an account uses this email, a link to reset its password is on its way. It works once, within an hour.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The product sent the link by SMTP to the address; the journey reads it from the test's mail server.
  const mail = await nextMail(request, email, '/reset-password');
  expect(mail.subject).toBe('Reset your Hostel Meals password');
  expect(mail.link.origin).toBe(`http://localhost:${APP_PORT}`);

  await page.goto(mail.link.pathname + mail.link.search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password').fill('not-the-same');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.getByLabel('Confirm new password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Please sign in with your new password.')).toBeVisible();
  await expectAccessible(page);

  // Once used, the same link is refused.
  await page.goto(mail.link.pathname + mail.link.search);
  await page.getByLabel('New password', { exact: true }).fill('third-pass-1');
  await page.getByLabel('Confirm new password').fill('third-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This link is not valid. Please ask for a new one.')).toBeVisible();

  // The old password no longer signs in; the new one does.
  await page.goto('/SignUp');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('journey-pass-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await closeDialog(page, 'Login Failed');
  await login(page, email, 'brand-new-pass');
});

test('a new account is asked to verify its email; the mailed link verifies it and the note goes away', async ({ page, request }) => {
  const email = uniqueEmail('verifier');
  await page.goto('/register');
  await page.getByLabel('Name').fill('Verifying Student');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('journey-pass-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await closeDialog(page, 'Registration Successful!');
  await expect(page.getByText('Please verify your email address: open the link we mailed you.')).toBeVisible();
  await expectAccessible(page);

  // They read the meals while the mail comes.
  await page.goto('/AllMeals?category=Lunch');
  await expect(page.getByText('Please verify your email address: open the link we mailed you.')).toBeVisible();

  const mail = await nextMail(request, email, '/verify-email');
  expect(mail.subject).toBe('Verify your email for Hostel Meals');
  await page.goto(mail.link.pathname + mail.link.search);
  await expect(page.getByText('Your email is verified.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  await expectRightAtEveryWidth(page, 'verify-email');
  // The page leads back where they were.
  await page.getByRole('link', { name: 'Back to where you were' }).click();
  await expect(page).toHaveURL(/\/AllMeals\?category=Lunch$/);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Lunch');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByText('Please verify your email address')).toHaveCount(0);
});
