import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEAL_CATEGORIES } from '@hostel/contracts';
import type { AuditPage, MealDto, MealRequestDto, ReviewDto } from '@hostel/contracts';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/seed';
import { startProduct } from '../src/testing/harness';

let product: Awaited<ReturnType<typeof startProduct>>;
let seedMs: number;
beforeAll(async () => {
  product = await startProduct();
  const started = performance.now();
  await seedDemoData(product.services);
  seedMs = performance.now() - started;
});
afterAll(async () => product?.stop());

const [admin, student] = DEMO_ACCOUNTS;
const auditor = DEMO_ACCOUNTS.find((account) => account.role === 'auditor');
async function login(account: (typeof DEMO_ACCOUNTS)[number]) {
  const response = await product.call('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string; position?: string }).token;
}
async function allMeals(position?: string): Promise<MealDto[]> {
  const response = await product.call('GET', '/api/meals?limit=100', position ? { headers: { 'x-min-position': position } } : {});
  return response.json() as MealDto[];
}

describe('demo data', () => {
  it('seeds the demo admin as an admin, the demo auditor as an auditor, and every demo address as verified (no reminder, nothing to follow)', async () => {
    expect(auditor, 'a demo auditor login').toBeDefined();
    for (const [account, role] of [
      [admin, 'admin'],
      [student, 'user'],
      [auditor!, 'auditor'],
    ] as const) {
      const response = await product.call('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
      expect(response.json().user).toMatchObject({ role, emailVerified: true });
    }
    // A second start (the seed again) changes nothing.
    const before = await product.eventCount();
    await seedDemoData(product.services);
    expect(await product.eventCount()).toBe(before);
  });

  it("lists at least 30 meals across the three categories, every price band, with ratings, all the demo admin's", async () => {
    const adminToken = await login(admin);
    // The seed's last write may still be on its way to the read models: wait on a fresh command's position.
    const position = (await product.call('POST', '/users', { token: adminToken, body: { name: admin.name } })).json().position as string;
    const meals = await allMeals(position);
    expect(meals.length).toBeGreaterThanOrEqual(30);
    for (const category of MEAL_CATEGORIES) expect(meals.filter((meal) => meal.category === category).length).toBeGreaterThanOrEqual(9);
    for (const [low, high] of [
      [0, 10],
      [10, 20],
      [20, 50],
    ])
      expect(meals.some((meal) => meal.price >= low! && meal.price <= high!)).toBe(true);
    expect(meals.every((meal) => meal.rating > 0 && meal.distributorEmail === admin.email && meal.ingredients.length > 0)).toBe(true);
    expect(new Set(meals.map((meal) => meal.image)).size).toBe(meals.length);
    console.log(`demo seed: ${meals.length} meals in ${Math.round(seedMs)} ms`);
  });

  it('serves every meal image as an image, cached for good', async () => {
    for (const meal of await allMeals()) {
      const response = await product.call('GET', meal.image);
      expect(response.statusCode, meal.image).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\//);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.rawPayload.length).toBeGreaterThan(5_000);
    }
  });

  it('has reviews and likes, and the demo student can sign in and read their own reviews', async () => {
    const meals = await allMeals();
    expect(meals.reduce((sum, meal) => sum + meal.likes, 0)).toBeGreaterThan(5);
    expect(meals.reduce((sum, meal) => sum + meal.reviews_count, 0)).toBeGreaterThan(10);
    const token = await login(student);
    const mine = (await product.call('GET', `/api/reviews?userEmail=${student.email}`, { token })).json() as ReviewDto[];
    expect(mine.length).toBeGreaterThan(0);
  });

  it("lets the demo auditor read a meal's history and their own account's, where the demo admin made them an auditor", async () => {
    const token = await login(auditor!);
    // The seed's last write may still be on its way to the audit log: wait on a fresh command's position.
    const position = (await product.call('POST', '/users', { token: await login(admin), body: { name: admin.name } })).json().position as string;
    const [meal] = await allMeals(position);
    const history = await product.call('GET', `/api/audit/meals/${meal!._id}`, { token, headers: { 'x-min-position': position } });
    expect(history.statusCode).toBe(200);
    expect((history.json() as AuditPage).events.length).toBeGreaterThan(0);
    const me = (await product.call('POST', '/api/auth/login', { body: { email: auditor!.email, password: auditor!.password } })).json().user._id as string;
    const account = (await product.call('GET', `/api/audit/users/${me}`, { token, headers: { 'x-min-position': position } })).json() as AuditPage;
    expect(account.events.find((event) => event.type === 'UserMadeAuditor')?.actor).toMatchObject({ email: admin.email });
  });

  it('puts a few upcoming meals up for the vote', async () => {
    const upcoming = (await product.call('GET', '/api/upcomingMeals')).json() as { title: string; likes: number }[];
    expect(upcoming.length).toBeGreaterThanOrEqual(4);
  });

  it("fills the demo admin's Serve Meals queue: requests waiting, one already Delivered", async () => {
    const token = await login(admin);
    const queue = (await product.call('GET', '/api/requestedMeals/admin', { token })).json() as MealRequestDto[];
    expect(queue.filter((request) => request.status === 'Pending').length).toBeGreaterThanOrEqual(3);
    expect(queue.filter((request) => request.status === 'Delivered')).toHaveLength(1);
  });

  it('adds nothing when it runs again (a restart)', async () => {
    const before = await product.eventCount();
    await seedDemoData(product.services);
    expect(await product.eventCount()).toBe(before);
  });
});
