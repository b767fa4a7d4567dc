import { closeDialog, expect, openDashboard, test } from '../support/fixtures';

test('popup sign-in with a real OpenID provider signs the user in (code + PKCE, state, nonce)', async ({ page }) => {
  await page.goto('/SignUp');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;

  // The provider's own (development) login and consent screens.
  const login = `popper${Date.now().toString(36)}`;
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('anything');
  await popup.locator('button[type="submit"]').click();
  // Consenting ends the flow: our callback page answers the opener and closes the popup.
  const closed = popup.waitForEvent('close');
  await popup.locator('button[type="submit"]').click();
  await closed;

  await closeDialog(page, `Logged in as Popup ${login}`);
  await expect(page).toHaveURL(/\/$/);
  await openDashboard(page);
  await expect(page).toHaveURL(/\/dashboard\/userProfile$/);
  await expect(page.getByRole('main').getByText(`${login}@oidc.test`)).toBeVisible();
});
