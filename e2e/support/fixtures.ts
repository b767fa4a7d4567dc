import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A unique email per run, so journeys never collide with each other or with a previous run. */
export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** No WCAG 2.2 A/AA violations on the page as it stands. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function closeDialog(page: Page, title: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // Success dialogs close by themselves; closing explicitly keeps the journey fast either way.
  await dialog
    .getByRole('button', { name: 'OK' })
    .click()
    .catch(() => undefined);
  await expect(dialog).toBeHidden();
}

export async function register(page: Page, name: string, email: string, password = 'journey-pass-1') {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await closeDialog(page, 'Registration Successful!');
  await expect(page).toHaveURL(/\/$/);
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/SignUp');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await closeDialog(page, 'Login Successful');
  await expect(page).toHaveURL(/\/$/);
}

export async function openDashboard(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
}

export const DEMO_ADMIN = { email: 'admin@hostel.test', password: 'admin-demo-2025' } as const;

/** A 1×1 PNG: the media endpoint re-encodes whatever it accepts, so the smallest real image will do. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z/C/HgAGgwJ/lK3Q6wAAAABJRU5ErkJggg==', 'base64');

/** The demo admin over HTTP, for arranging what a journey starts from (the journey itself goes through the screens). */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const uploadImage = async () => {
    const upload = await request.post('/api/uploads', { headers, multipart: { file: { name: 'meal.png', mimeType: 'image/png', buffer: TINY_PNG } } });
    expect(upload.status()).toBe(201);
    return ((await upload.json()) as { url: string }).url;
  };
  return {
    async addUpcomingMeal(title: string) {
      const added = await request.post('/api/upcomingMeals', {
        headers,
        data: { title, category: 'Lunch', image: await uploadImage(), ingredients: 'rice, lentils', description: 'On the vote', price: 5 },
      });
      expect(added.status()).toBe(201);
      return ((await added.json()) as { _id: string })._id;
    },
    async addMeal(fields: { title: string; category: 'Breakfast' | 'Lunch' | 'Dinner'; price?: number }) {
      const added = await request.post('/api/meals', {
        headers,
        data: { image: await uploadImage(), ingredients: 'lentils, rice, coriander', description: 'Made for a journey test', price: 6.5, ...fields },
      });
      expect(added.status()).toBe(201);
      return ((await added.json()) as { _id: string })._id;
    },
    async editMeal(id: string, changes: Record<string, unknown>) {
      const edited = await request.patch(`/api/meals/${id}`, { headers, data: changes });
      expect(edited.status()).toBe(200);
    },
  };
}

/** A student who bought Silver in test mode, over HTTP (for arranging likes a journey starts from). */
export async function silverMemberApi(request: APIRequestContext, name: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const registered = await request.post('/api/auth/register', { data: { name, email, password: 'journey-pass-1' } });
  expect(registered.status()).toBe(201);
  const headers = { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };
  expect(
    (
      await request.post('/payment', { headers: { ...headers, 'idempotency-key': randomUUID() }, data: { package: 'Silver', stripeToken: 'tok_visa' } })
    ).status(),
  ).toBe(200);
  return {
    email,
    async like(upcomingId: string) {
      const liked = await request.patch(`/api/upcomingMeals/${upcomingId}/like`, { headers });
      expect(liked.status()).toBe(200);
    },
  };
}
