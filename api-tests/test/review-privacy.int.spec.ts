import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * A meal's page is public, its reviewers' addresses are not: `GET /api/reviews/{mealId}` answers
 * `userEmail` only to an admin and to the review's own author. And `POST /users` checks the type of
 * every field the spec's client sends, even those whose value the server ignores.
 */
type Product = Awaited<ReturnType<typeof startProduct>>;
let product: Product;
let admin: Awaited<ReturnType<Product['registerVerified']>>;
let author: Awaited<ReturnType<Product['register']>>;
let reader: Awaited<ReturnType<Product['register']>>;
let mealId: string;
let position: string;

beforeAll(async () => {
  product = await startProduct();
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
  author = await product.register('Ada Author', 'ada@example.com');
  reader = await product.register('Rob Reader', 'rob@example.com');
  mealId = (await product.addMeal(admin.token))._id;
  expect((await product.call('POST', '/api/reviews', { token: author.token, body: { mealId, review: 'Lovely' } })).statusCode).toBe(201);
  const second = await product.call('POST', '/api/reviews', { token: reader.token, body: { mealId, review: 'Fine' } });
  position = second.json().position;
});
afterAll(async () => product?.stop());

const reviewsAs = async (token?: string) =>
  (await product.call('GET', `/api/reviews/${mealId}`, { ...(token ? { token } : {}), headers: { 'x-min-position': position } })).json() as {
    userName: string;
    userEmail?: string;
    review: string;
  }[];

describe('GET /api/reviews/{mealId}', () => {
  it('shows a visitor who wrote what by name, never by email', async () => {
    const reviews = await reviewsAs();
    expect(reviews.map((review) => [review.userName, review.review])).toEqual([
      ['Rob Reader', 'Fine'],
      ['Ada Author', 'Lovely'],
    ]);
    expect(reviews.some((review) => 'userEmail' in review)).toBe(false);
    expect(JSON.stringify(reviews)).not.toMatch(/@example\.com/);
  });

  it('shows a signed-in member only their own review’s email', async () => {
    const reviews = await reviewsAs(author.token);
    expect(reviews.map((review) => [review.userName, review.userEmail])).toEqual([
      ['Rob Reader', undefined],
      ['Ada Author', 'ada@example.com'],
    ]);
  });

  it('shows an admin every reviewer’s email', async () => {
    expect((await reviewsAs(admin.token)).map((review) => review.userEmail)).toEqual(['rob@example.com', 'ada@example.com']);
  });
});

describe('POST /users', () => {
  it('refuses wrongly typed fields the spec names, even those it ignores, and appends nothing', async () => {
    const before = await product.eventCount();
    for (const body of [{ email: 12, password: {} }, { role: ['admin'] }, { name: 5 }, { photo: false }, { name: 'Ok', email: null }]) {
      const response = await product.call('POST', '/users', { token: reader.token, body });
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect(await product.eventCount()).toBe(before);
  });

  it('takes what the spec’s client sends, ignoring email and role', async () => {
    const response = await product.call('POST', '/users', {
      token: reader.token,
      body: { name: 'Robin', email: 'someone@else.com', role: 'admin', photo: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Robin', email: 'rob@example.com', role: 'user' });
  });
});
