import { expect, expectRightAtEveryWidth, test } from '../support/fixtures';

test.use({ reducedMotion: 'reduce' });

test("a visitor skips to the content with the first Tab, reads the hero search's whole placeholder on a phone, and /AllMeals' headings keep their order at every width", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search meals' });
  await expect(search).toBeVisible();
  // The placeholder, drawn in the field's font, fits the room its padding leaves.
  const { text, room } = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return { text: context.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
  expect(text, 'the placeholder is cut').toBeLessThanOrEqual(room);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expectRightAtEveryWidth(page, 'home');

  await page.goto('/AllMeals');
  await expect(page.getByRole('list', { name: 'Meals' }).getByRole('article').first()).toBeVisible();
  await expectRightAtEveryWidth(page, 'all-meals');
});

test("'Forgot password?' opens with focus in its email field, at every width", async ({ page }) => {
  await page.goto('/SignUp');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await expectRightAtEveryWidth(page, 'forgot-password');
});
