import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MealDto, UpcomingMealDto } from '@hostel/contracts';
import { rebuildProjection } from '@hostel/projector';
import { projections } from '@hostel/read-models';
import { startProduct } from '@hostel/embedded/testing';

type Product = Awaited<ReturnType<typeof startProduct>>;
type Account = Awaited<ReturnType<Product['register']>>;

let product: Product;
let admin: Account;
let image: string;

async function addUpcoming(title: string) {
  const response = await product.call('POST', '/api/upcomingMeals', {
    token: admin.token,
    body: { title, category: 'Dinner', image, ingredients: ' paneer, spinach ,cream ', description: 'Creamy spinach with paneer', price: 7.5, likes: 99 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; position: string };
}
/** A student with a Silver membership, bought through the sandbox like anyone would. */
async function member(name: string): Promise<Account> {
  const email = `${name.toLowerCase().replaceAll(' ', '.')}@example.com`;
  const account = await product.register(name, email);
  const paid = await product.call('POST', '/payment', {
    token: account.token,
    body: { package: 'Silver', stripeToken: 'tok_visa' },
    headers: { 'idempotency-key': randomUUID() },
  });
  // Paid: 200 once the badge is granted, or 202 'pending' when the grant takes longer than the answer's
  // bounded wait (under the whole suite's load): then wait for the badge itself.
  expect([200, 202], paid.body).toContain(paid.statusCode);
  await vi.waitFor(async () => expect((await product.call('GET', `/users/${email}`, { token: account.token })).json()).toMatchObject({ badge: 'Silver' }), {
    timeout: 30_000,
    interval: 50,
  });
  return account;
}
const like = (token: string, id: string) => product.call('PATCH', `/api/upcomingMeals/${id}/like`, { token, body: { userEmail: 'ignored@example.com' } });
async function upcomingList(token?: string, position?: string) {
  const response = await product.call('GET', '/api/upcomingMeals?sort=likes', {
    ...(token ? { token } : {}),
    ...(position ? { headers: { 'x-min-position': position } } : {}),
  });
  return response.json() as UpcomingMealDto[];
}

/** The embedded default (in-process job queue) and the distributed one (BullMQ on the machine's Redis). */
describe.each([
  ['in-process jobs', {}],
  ['BullMQ on Redis', { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }],
])('upcoming meals (%s)', (_name, env: Record<string, string>) => {
  beforeAll(async () => {
    product = await startProduct(env);
    admin = await product.registerVerified('Boss', 'boss@hostel.test');
    image = await product.upload(admin.token);
  });
  afterAll(async () => product?.stop());

  it('are added by admins with zero counts and ingredients as an array; students may not add', async () => {
    const { _id, position } = await addUpcoming('Palak Paneer');
    const listed = (await upcomingList(undefined, position)).find((meal) => meal._id === _id)!;
    expect(listed).toMatchObject({
      title: 'Palak Paneer',
      ingredients: ['paneer', 'spinach', 'cream'],
      likes: 0,
      reviewCount: 0,
      rating: 0,
      likedByMe: false,
      likedUsers: [],
    });
    const student = await product.register('Plain Student', 'plain@example.com');
    expect((await product.call('POST', '/api/upcomingMeals', { token: student.token, body: {} })).statusCode).toBe(403);
    const invalid = await product.call('POST', '/api/upcomingMeals', { token: admin.token, body: { category: 'Dinner' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('Title required');
  });

  it('need Silver or better to like, once each; the caller learns only their own like', async () => {
    const { _id } = await addUpcoming('Dal Tadka');
    const free = await product.register('Free Student', 'free@example.com');
    const refused = await like(free.token, _id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Membership Required: You need at least a Silver badge to like meals.');

    const silver = await member('Silver One');
    const first = await like(silver.token, _id);
    expect(first.json()).toMatchObject({ message: 'Your like was recorded.', likes: 1, published: false });
    const again = await like(silver.token, _id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already liked this meal.');

    const mine = (await upcomingList(silver.token, first.json().position)).find((meal) => meal._id === _id)!;
    expect(mine).toMatchObject({ likes: 1, likedByMe: true, likedUsers: [silver.user.email] });
    const theirs = (await upcomingList(free.token)).find((meal) => meal._id === _id)!;
    expect(theirs).toMatchObject({ likes: 1, likedByMe: false, likedUsers: [] });
    expect((await like(silver.token, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('publish at the 10th of 50 simultaneous likes: exactly one publication, one catalogue meal with 10 likes, no 5xx', async () => {
    const { _id } = await addUpcoming('Malai Kofta');
    const members = await Promise.all(Array.from({ length: 50 }, (_, index) => member(`Rush ${index}`)));
    const answers = await Promise.all(members.map((account) => like(account.token, _id)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    const publishing = answers.filter((answer) => answer.statusCode === 200 && (answer.json() as { message: string }).message.includes('published'));
    expect(publishing).toHaveLength(1);

    // The publishing answer is true when read: the meal is in the catalogue and gone from the upcoming list.
    const position = publishing[0]!.json().position as string;
    const catalogue = (await product.call('GET', '/api/meals?search=kofta', { headers: { 'x-min-position': position } })).json() as MealDto[];
    expect(catalogue.map((meal) => [meal.title, meal.likes, meal.rating, meal.reviews_count])).toEqual([['Malai Kofta', 10, 0, 0]]);
    expect((await upcomingList(undefined, position)).some((meal) => meal._id === _id)).toBe(false);
    const liker = members[statuses.indexOf(200)]!;
    const [meal] = (await product.call('GET', `/api/meals?search=kofta`, { token: liker.token })).json() as MealDto[];
    expect(meal!.likedByMe).toBe(true);
  });

  it('can be published early by an admin, once, and only by an admin', async () => {
    const { _id } = await addUpcoming('Aloo Gobi');
    const student = await member('Early Bird');
    expect((await product.call('PATCH', `/api/upcomingMeals/${_id}/publish`, { token: student.token })).statusCode).toBe(403);
    await like(student.token, _id);
    const published = await product.call('PATCH', `/api/upcomingMeals/${_id}/publish`, { token: admin.token });
    expect(published.json()).toMatchObject({ message: 'Meal published successfully' });
    const again = await product.call('PATCH', `/api/upcomingMeals/${_id}/publish`, { token: admin.token });
    expect(again.statusCode).toBe(200);
    const catalogue = (await product.call('GET', '/api/meals?search=gobi', { headers: { 'x-min-position': published.json().position } })).json() as MealDto[];
    expect(catalogue.map((meal) => [meal.title, meal.likes])).toEqual([['Aloo Gobi', 1]]);
    const late = await like(student.token, _id);
    expect(late.statusCode).toBe(409);
  });

  it('publish nothing again when the read models are rebuilt after a publication', async () => {
    const { _id } = await addUpcoming('Rajma Masala');
    await product.call('PATCH', `/api/upcomingMeals/${_id}/publish`, { token: admin.token });
    const before = await product.eventCount();
    for (const projection of projections) await rebuildProjection(projection, { store: product.services.store, db: product.services.db });
    // A policy runs on its own checkpoint and is never part of a rebuild: no command is queued, no event appended.
    const anotherWrite = await addUpcoming('After The Rebuild');
    expect(await product.eventCount()).toBe(before + 1);
    const catalogue = (await product.call('GET', '/api/meals?search=rajma', { headers: { 'x-min-position': anotherWrite.position } })).json() as MealDto[];
    expect(catalogue.map((meal) => meal.title)).toEqual(['Rajma Masala']);
  });
});
