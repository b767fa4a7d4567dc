import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { adminApi, closeDialog, DEMO_ADMIN, expect, expectAccessible, login, register, test, uniqueEmail } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

/**
 * A dashboard table at this width: its frame does not scroll sideways, and everything in its cells
 * (the actions, the status badges) lies whole inside the screen, none of it cut.
 */
async function expectTableInReach(page: Page, table: Locator) {
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoSidewaysScroll(page);
  const problems = await table.evaluate((element) => {
    const found: string[] = [];
    const frame = element.parentElement!;
    if (frame.scrollWidth > frame.clientWidth + 1) found.push(`the table scrolls sideways (${frame.scrollWidth} > ${frame.clientWidth})`);
    for (const node of Array.from(element.querySelectorAll<HTMLElement>('td button, td a, td span'))) {
      const box = node.getBoundingClientRect();
      if (box.width === 0) continue;
      const text = node.textContent?.trim() || node.getAttribute('aria-label') || node.tagName;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) found.push(`${text} is off-screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).display !== 'inline') found.push(`${text} is cut`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/**
 * The contrast of `text` over the brightest point of what lies behind it (the text hidden, the page
 * captured, the pixels read in a blank page of the browser), by WCAG's relative luminance.
 */
async function contrastOverBackground(page: Page, text: Locator) {
  const color = await text.evaluate((element) => getComputedStyle(element).color);
  const box = (await text.boundingBox())!;
  await text.evaluate((element) => (element.style.color = 'transparent'));
  const shot = await page.screenshot({ clip: box });
  await text.evaluate((element) => (element.style.color = ''));
  const reader = await page.context().newPage();
  try {
    return await reader.evaluate(
      async ({ png, color }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const channel = (value: number) => ((value /= 255) <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
        const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        let brightest = 0;
        for (let index = 0; index < data.length; index += 4) brightest = Math.max(brightest, luminance(data[index]!, data[index + 1]!, data[index + 2]!));
        // The text's colour in sRGB, whatever its notation (Tailwind's are oklch): painted and read back.
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return (luminance(r!, g!, b!) + 0.05) / (brightest + 0.05);
      },
      { png: shot.toString('base64'), color },
    );
  } finally {
    await reader.close();
  }
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: PHONE, reducedMotion: 'reduce' });

  test('the hero subtitle reads at 4.5:1 or better over every slide, and the slide dots are 24×24 px targets', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Highlights' });
    const dots = hero.getByRole('group', { name: 'Choose a slide' }).getByRole('button');
    await expect(dots).toHaveCount(3);
    for (let index = 0; index < 3; index++) {
      await dots.nth(index).click();
      const subtitle = hero.getByRole('group', { name: `${index + 1} of 3` }).locator('p');
      await expect(subtitle).toBeVisible();
      expect(await contrastOverBackground(page, subtitle), `slide ${index + 1}`).toBeGreaterThanOrEqual(4.5);
    }
    const boxes = await Promise.all([0, 1, 2].map(async (index) => (await dots.nth(index).boundingBox())!));
    for (const box of boxes) {
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    // Targets do not overlap, and sit apart.
    for (let index = 1; index < boxes.length; index++) expect(boxes[index]!.x - (boxes[index - 1]!.x + boxes[index - 1]!.width)).toBeGreaterThanOrEqual(4);
    await expectNoSidewaysScroll(page);
  });

  test("a student's meal page fits the phone and passes axe; requesting it shows in My Requested Meals within reach; a missing meal offers no review box", async ({
    page,
    request,
  }) => {
    const title = `Phone Dal ${Date.now().toString(36)}`;
    const mealId = await adminApi(request).then((admin) => admin.addMeal({ title, category: 'Lunch' }));
    await register(page, 'Phone Student', uniqueEmail('phone'));

    await page.goto(`/meal/${mealId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reviews (0)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Review' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Request Meal' }).click();
    await closeDialog(page, 'Request Submitted');
    await page.goto('/dashboard/requestedMeals');
    await expectTableInReach(page, page.getByRole('table', { name: /requested meals/i }));
    await expectAccessible(page);

    await page.goto(`/meal/${randomUUID()}`);
    await expect(page.getByText('Error loading meal details')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Review' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Your review' })).toHaveCount(0);
  });
});

for (const [name, viewport] of [
  ['phone (390 px)', PHONE],
  ['tablet (768 px)', TABLET],
] as const) {
  test.describe(`admin tables on a ${name}`, () => {
    test.use({ viewport });

    test('keep every action and badge in reach without sideways scrolling', async ({ page }) => {
      await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      for (const [path, table] of [
        ['/dashboard/manageUsers', 'Users'],
        ['/dashboard/adminAllMeals', 'Meals'],
        ['/dashboard/upcomingMealsAdmin', 'Upcoming meals'],
        ['/dashboard/AllReviews', 'All reviews'],
      ] as const) {
        await page.goto(path);
        await expectTableInReach(page, page.getByRole('table', { name: table }));
      }
      await page.goto('/dashboard/manageUsers');
      await expectAccessible(page);
    });
  });
}
