import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

let product: Awaited<ReturnType<typeof startProduct>>;
let admin: Awaited<ReturnType<Awaited<ReturnType<typeof startProduct>>['register']>>;
let student: typeof admin;
let other: typeof admin;
let image: string;

async function addMeal(fields: Record<string, unknown> = {}) {
  const response = await product.call('POST', '/api/meals', {
    token: admin.token,
    body: { title: 'Masala Omelette', category: 'Breakfast', image, ingredients: ' eggs, onion ,chilli,, ', description: 'Spicy eggs', price: 4.5, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; position: string };
}

beforeAll(async () => {
  product = await startProduct();
  admin = await product.registerVerified('Chef Admin', 'boss@hostel.test');
  student = await product.register('Stu Dent', 'stu@example.com');
  other = await product.register('Oth Er', 'other@example.com');
  image = await product.upload(admin.token);
});
afterAll(async () => product?.stop());

describe('meals', () => {
  it('adds a meal with the server setting distributor, post time, rating and counts; ingredients become a trimmed array', async () => {
    const before = Date.now();
    const { _id, position } = await addMeal({ rating: 9, likes: 99, reviews_count: 5, distributorEmail: 'x@y.z', postTime: '2000-01-01' });
    const meal = (await product.call('GET', `/api/meals/${_id}`, { headers: { 'x-min-position': position } })).json();
    expect(meal).toMatchObject({
      _id,
      title: 'Masala Omelette',
      category: 'Breakfast',
      ingredients: ['eggs', 'onion', 'chilli'],
      price: 4.5,
      distributorName: 'Chef Admin',
      distributorEmail: 'boss@hostel.test',
      rating: 0,
      likes: 0,
      reviews_count: 0,
      reviewCount: 0,
      likedByMe: false,
    });
    expect(Date.parse(meal.postTime)).toBeGreaterThanOrEqual(before - 1000);
    // No APP_ORIGIN (npm start's default) and no other client: the picture as recorded, shown from whatever address the page was opened at.
    expect(meal.image).toBe(image);
  });

  it('answers 400 with the spec texts for a bad meal, and 403 for a student', async () => {
    const empty = await product.call('POST', '/api/meals', { token: admin.token, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.map((issue: { message: string }) => issue.message)).toEqual([
      'Title is required',
      'Category is required',
      'Please upload an image before submitting',
      'Ingredients are required',
      'Description is required',
      'Price is required',
    ]);
    const negative = await product.call('POST', '/api/meals', {
      token: admin.token,
      body: { title: 'T', category: 'Lunch', image, ingredients: 'x', description: 'd', price: -1 },
    });
    expect(negative.json().message).toBe('Price must be positive');
    const notUploaded = await product.call('POST', '/api/meals', {
      token: admin.token,
      body: { title: 'T', category: 'Lunch', image: `/api/media/${crypto.randomUUID()}`, ingredients: 'x', description: 'd', price: 1 },
    });
    expect(notUploaded.json().message).toBe('Please upload an image before submitting');
    const byStudent = await product.call('POST', '/api/meals', {
      token: student.token,
      body: { title: 'T', category: 'Lunch', image, ingredients: 'x', description: 'd', price: 1 },
    });
    expect(byStudent.statusCode).toBe(403);
  });

  it('counts one like per user, decided from the token, and says so on a repeat', async () => {
    const { _id } = await addMeal({ title: 'Likeable' });
    const first = await product.call('PATCH', `/api/meals/${_id}/like`, { token: student.token, body: { userEmail: 'someone-else@example.com' } });
    expect(first.json()).toMatchObject({ liked: true, message: 'Your like was recorded.' });
    const again = await product.call('PATCH', `/api/meals/${_id}/like`, { token: student.token, body: { userEmail: 'fresh@example.com' } });
    expect(again.json()).toMatchObject({ liked: false, message: 'You have already liked this meal.' });
    const meal = (await product.call('GET', `/api/meals/${_id}`, { token: student.token, headers: { 'x-min-position': again.json().position } })).json();
    expect(meal).toMatchObject({ likes: 1, likedByMe: true });
    expect((await product.call('PATCH', `/api/meals/${_id}/like`)).statusCode).toBe(401);
    expect((await product.call('PATCH', `/api/meals/${crypto.randomUUID()}/like`, { token: student.token })).statusCode).toBe(404);
  });

  it('edits with PUT (all required) and PATCH (partial), never the counts; deletes; unknown ids are 404', async () => {
    const { _id } = await addMeal({ title: 'Editable' });
    const put = await product.call('PUT', `/api/meals/${_id}`, {
      token: admin.token,
      body: { title: 'Edited', distributorName: 'Chef B', rating: 8.5, price: 7 },
    });
    expect(put.statusCode).toBe(200);
    const partial = await product.call('PUT', `/api/meals/${_id}`, { token: admin.token, body: { title: 'Only title' } });
    expect(partial.statusCode).toBe(400);
    const tooHigh = await product.call('PUT', `/api/meals/${_id}`, { token: admin.token, body: { title: 'X', distributorName: 'Y', rating: 11, price: 1 } });
    expect(tooHigh.json().message).toBe('Rating must be between 0 and 10');
    // Counts beside an edit are refused; counts alone are answered as they are (spec-client.int.spec.ts).
    const counts = await product.call('PATCH', `/api/meals/${_id}`, { token: admin.token, body: { title: 'Counted', reviewCount: 5 } });
    expect(counts.statusCode).toBe(400);
    expect(counts.json().message).toBe('Likes and review counts are kept by the server and cannot be changed');
    const patch = await product.call('PATCH', `/api/meals/${_id}`, { token: admin.token, body: { description: 'New words', ingredients: ['rice'] } });
    const meal = (await product.call('GET', `/api/meals/${_id}`, { headers: { 'x-min-position': patch.json().position } })).json();
    expect(meal).toMatchObject({ title: 'Edited', distributorName: 'Chef B', rating: 8.5, price: 7, description: 'New words', ingredients: ['rice'] });
    expect((await product.call('PATCH', `/api/meals/${_id}`, { token: student.token, body: { title: 'hack' } })).statusCode).toBe(403);
    const deleted = await product.call('DELETE', `/api/meals/${_id}`, { token: admin.token });
    expect(deleted.json().message).toBe('Meal has been deleted.');
    expect((await product.call('GET', `/api/meals/${_id}`, { headers: { 'x-min-position': deleted.json().position } })).statusCode).toBe(404);
    expect((await product.call('DELETE', `/api/meals/${_id}`, { token: admin.token })).statusCode).toBe(404);
    expect(
      (await product.call('PUT', `/api/meals/${crypto.randomUUID()}`, { token: admin.token, body: { title: 'X', distributorName: 'Y', rating: 1, price: 1 } }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps the review count with reviews added and deleted; only the author or an admin deletes', async () => {
    const { _id } = await addMeal({ title: 'Reviewed' });
    const blank = await product.call('POST', '/api/reviews', { token: student.token, body: { mealId: _id, review: '   ' } });
    expect(blank.json().message).toBe('Please enter a review before submitting.');
    const added = await product.call('POST', '/api/reviews', {
      token: student.token,
      body: { mealId: _id, review: ' Lovely ', userEmail: 'fake@x.y', userName: 'Fake' },
    });
    expect(added.statusCode).toBe(201);
    const second = await product.call('POST', '/api/reviews', { token: other.token, body: { mealId: _id, review: 'Fine' } });
    // An admin reads the reviewers' emails (a visitor does not: review-privacy.int.spec.ts).
    const reviews = (await product.call('GET', `/api/reviews/${_id}`, { token: admin.token, headers: { 'x-min-position': second.json().position } })).json();
    expect(reviews.map((review: { review: string; userEmail: string }) => [review.review, review.userEmail])).toEqual([
      ['Fine', 'other@example.com'],
      ['Lovely', 'stu@example.com'],
    ]);
    expect((await product.call('GET', `/api/meals/${_id}`)).json()).toMatchObject({ reviews_count: 2, reviewCount: 2 });

    expect((await product.call('DELETE', `/api/reviews/${added.json()._id}`, { token: other.token })).statusCode).toBe(403);
    const byAuthor = await product.call('DELETE', `/api/reviews/${added.json()._id}`, { token: student.token });
    expect(byAuthor.statusCode).toBe(200);
    const byAdmin = await product.call('DELETE', `/api/reviews/${second.json()._id}`, { token: admin.token });
    expect(byAdmin.statusCode).toBe(200);
    expect((await product.call('GET', `/api/meals/${_id}`, { headers: { 'x-min-position': byAdmin.json().position } })).json().reviews_count).toBe(0);
    expect((await product.call('POST', '/api/reviews', { token: student.token, body: { mealId: crypto.randomUUID(), review: 'x' } })).statusCode).toBe(404);
  });

  it("lets a user read their own reviews by email, not another user's; every review without their emails; an admin reads all", async () => {
    const { _id } = await addMeal({ title: 'Mine' });
    const mine = await product.call('POST', '/api/reviews', { token: other.token, body: { mealId: _id, review: 'Mine only' } });
    const own = await product.call('GET', '/api/reviews?userEmail=OTHER@example.com', {
      token: other.token,
      headers: { 'x-min-position': mine.json().position },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()[0]).toMatchObject({ review: 'Mine only', mealTitle: 'Mine', mealReviewCount: 1 });
    expect((await product.call('GET', '/api/reviews?userEmail=other@example.com', { token: student.token })).statusCode).toBe(403);
    const everyone = await product.call('GET', '/api/reviews', { token: student.token });
    expect(everyone.statusCode).toBe(200);
    expect(everyone.json().find((review: { _id: string }) => review._id === mine.json()._id)).not.toHaveProperty('userEmail');
    const all = await product.call('GET', '/api/reviews', { token: admin.token });
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it('filters by category, price and search (words and parts of words), pages without overlap, and sorts', async () => {
    const added = [];
    for (const [title, category, price, ingredients] of [
      ['Chicken Biryani', 'Lunch', 12, 'rice, chicken'],
      ['Veg Pulao', 'Lunch', 8, 'rice, peas'],
      ['Pancakes', 'Breakfast', 5, 'flour, eggs'],
      ['Fish Curry', 'Dinner', 25, 'fish, coconut'],
    ] as const) {
      added.push(await addMeal({ title, category, price, ingredients, description: `${title} of the day` }));
    }
    const wait = { 'x-min-position': added.at(-1)!.position };
    const lunch = await product.call('GET', '/api/meals?category=Lunch', { headers: wait });
    expect(lunch.json().map((meal: { title: string }) => meal.title)).toEqual(['Veg Pulao', 'Chicken Biryani']);
    expect(lunch.headers['x-total-count']).toBe('2');
    const cheap = await product.call('GET', '/api/meals?category=All&priceMin=0&priceMax=10&search=rice');
    expect(cheap.json().map((meal: { title: string }) => meal.title)).toEqual(['Veg Pulao']);
    const stemmed = await product.call('GET', '/api/meals?search=egg');
    expect(stemmed.json().map((meal: { title: string }) => meal.title)).toContain('Pancakes');
    const partial = await product.call('GET', '/api/meals?search=chick');
    expect(partial.json().map((meal: { title: string }) => meal.title)).toEqual(['Chicken Biryani']);

    const all: string[] = [];
    for (let skip = 0; ; skip += 3) {
      const page = (await product.call('GET', `/api/meals?skip=${skip}&limit=3`)).json() as { _id: string }[];
      if (page.length === 0) break;
      all.push(...page.map((meal) => meal._id));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(Number((await product.call('GET', '/api/meals')).headers['x-total-count']));

    const byLikes = (await product.call('GET', '/api/meals?sort=likes&limit=100')).json() as { likes: number }[];
    expect(byLikes.map((meal) => meal.likes)).toEqual([...byLikes.map((meal) => meal.likes)].sort((a, b) => b - a));
    expect((await product.call('GET', '/api/meals?category=Snacks')).statusCode).toBe(400);
  });

  it("answers a visitor's page from memory only until the catalogue changes", async () => {
    const page = '/api/meals?category=Dinner&search=stew';
    const titles = async () => ((await product.call('GET', page)).json() as { title: string }[]).map((meal) => meal.title);
    expect(await titles()).toEqual([]);
    expect(await titles()).toEqual([]);

    const { position } = await addMeal({ title: 'Irish Stew', category: 'Dinner', ingredients: 'lamb, potato' });
    // A signed-in read after the write waits for the projection; the visitor's cached page must follow
    // long before the cache's age limit would renew it, i.e. from the projector's notification.
    await product.call('GET', page, { token: student.token, headers: { 'x-min-position': position } });
    await vi.waitFor(async () => expect(await titles()).toEqual(['Irish Stew']), { timeout: 2_000, interval: 20 });
  });
});
