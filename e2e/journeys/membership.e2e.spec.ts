import type { Page } from '@playwright/test';
import { closeDialog, expect, expectAccessible, register, test, uniqueEmail } from '../support/fixtures';

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
}

test('a student buys Gold in test mode and sees the badge on their profile and the payment in their history', async ({ page }) => {
  const email = uniqueEmail('gold');
  await register(page, 'Goldie Student', email);
  await page.getByRole('button', { name: 'Choose Gold' }).click();
  await expect(page).toHaveURL(/\/checkout\/Gold$/);
  await expect(page.getByRole('heading', { name: 'Gold Package Checkout' })).toBeVisible();
  await expect(page.getByText('$39', { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/Test mode — no real charge/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Card information is incomplete' })).toBeVisible();
  await fillCard(page, '4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const success = page.getByRole('dialog', { name: 'Payment Successful!' });
  await expect(success).toContainText('You are now a Gold member');
  await closeDialog(page, 'Payment Successful!');

  await expect(page).toHaveURL(/\/dashboard\/userProfile$/);
  await expect(page.getByRole('main').getByText('Gold', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Payment History' }).click();
  const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1);
  await expect(row).toContainText('1');
  await expect(row).toContainText('Gold');
  await expect(row).toContainText('$39');
  await expectAccessible(page);
});

test('a declined card shows Payment Failed and changes nothing', async ({ page }) => {
  await register(page, 'Declined Student', uniqueEmail('declined'));
  await page.goto('/checkout/Platinum');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Failed' })).toContainText('Your card was declined.');
  await closeDialog(page, 'Payment Failed');

  await page.goto('/dashboard/userProfile');
  await expect(page.getByRole('main').getByText('None', { exact: true })).toBeVisible();
  await page.goto('/dashboard/paymentHistory');
  await expect(page.getByText('No payment history found yet.')).toBeVisible();
});

test('checkout needs an account and an exact package name', async ({ page }) => {
  await page.goto('/checkout/Gold');
  await expect(page).toHaveURL(/\/SignUp$/);
  await register(page, 'Curious Buyer', uniqueEmail('buyer'));
  await page.goto('/checkout/gold');
  await expect(page.getByRole('heading', { name: 'Invalid Package' })).toBeVisible();
  await expect(page.getByText('Please select a valid package.')).toBeVisible();
});
