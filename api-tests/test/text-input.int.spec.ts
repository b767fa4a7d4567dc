import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Text a client sends is text: NUL, other control characters (C0, DEL, C1), the bidirectional overrides
 * and isolates, and unpaired surrogates are refused with 400 and a message naming the field, in every
 * body field and query parameter, and nothing is appended (they used to reach PostgreSQL and answer
 * 500, or be stored to show as other text). Numbers are JSON numbers.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
let admin: { token: string; user: { _id: string; email: string } };
let student: { token: string; user: { _id: string; email: string } };
let mealId: string;
let image: string;

beforeAll(async () => {
  product = await startProduct();
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
  student = await product.register('Stu', 'stu@example.com');
  image = await product.upload(admin.token);
  mealId = (await product.addMeal(admin.token))._id;
});
afterAll(async () => product?.stop());

const BAD = {
  nul: 'bad\u0000text',
  bell: 'bad\u0007text',
  escape: 'bad\u001btext',
  delete: 'bad\u007ftext',
  'a C1 control (CSI)': 'bad\u009btext',
  'a C1 control (NEL)': 'bad\u0085text',
  'a right-to-left override': '\u202enimdA',
  'a left-to-right embedding': 'bad\u202atext',
  'a first-strong isolate': 'bad\u2068text\u2069',
  'lone high surrogate': 'bad\ud800text',
  'lone low surrogate': '\udc00bad',
};
const meal = () => ({ title: 'Dal', category: 'Lunch', image, ingredients: 'lentils, rice', description: 'Warm', price: 4 });
const upcoming = () => ({ ...meal(), title: 'Soon' });

/** Each body field a client may send text in: where, as whom, and the body around it. */
const bodyFields: { route: string; field: string; as: 'visitor' | 'student' | 'admin'; body: (value: unknown) => unknown }[] = [
  { route: 'POST /api/auth/register', field: 'name', as: 'visitor', body: (name) => ({ name, email: 'new@example.com', password: 'secret-pass-1' }) },
  {
    route: 'POST /api/auth/register',
    field: 'email',
    as: 'visitor',
    body: (email) => ({ name: 'New', email: `new${String(email)}@example.com`, password: 'secret-pass-1' }),
  },
  {
    route: 'POST /api/auth/register',
    field: 'photo',
    as: 'visitor',
    body: (photo) => ({ name: 'New', email: 'new@example.com', password: 'secret-pass-1', photo: `/api/media/${String(photo)}` }),
  },
  { route: 'POST /api/auth/login', field: 'email', as: 'visitor', body: (email) => ({ email: `stu${String(email)}@example.com`, password: 'secret-pass-1' }) },
  { route: 'POST /users', field: 'name', as: 'student', body: (name) => ({ name }) },
  { route: 'POST /users', field: 'photo', as: 'student', body: (photo) => ({ photo: `/api/media/${String(photo)}` }) },
  { route: 'POST /api/meals', field: 'title', as: 'admin', body: (title) => ({ ...meal(), title }) },
  { route: 'POST /api/meals', field: 'ingredients', as: 'admin', body: (ingredients) => ({ ...meal(), ingredients }) },
  { route: 'POST /api/meals', field: 'ingredients.0', as: 'admin', body: (ingredient) => ({ ...meal(), ingredients: [ingredient] }) },
  { route: 'POST /api/meals', field: 'description', as: 'admin', body: (description) => ({ ...meal(), description }) },
  { route: 'PUT /api/meals/:id', field: 'title', as: 'admin', body: (title) => ({ title, distributorName: 'Chef', rating: 5, price: 3 }) },
  { route: 'PUT /api/meals/:id', field: 'distributorName', as: 'admin', body: (distributorName) => ({ title: 'Dal', distributorName, rating: 5, price: 3 }) },
  { route: 'PATCH /api/meals/:id', field: 'title', as: 'admin', body: (title) => ({ title }) },
  { route: 'PATCH /api/meals/:id', field: 'description', as: 'admin', body: (description) => ({ description }) },
  { route: 'POST /api/reviews', field: 'review', as: 'student', body: (review) => ({ mealId, review }) },
  { route: 'POST /api/upcomingMeals', field: 'title', as: 'admin', body: (title) => ({ ...upcoming(), title }) },
  { route: 'POST /api/upcomingMeals', field: 'ingredients', as: 'admin', body: (ingredients) => ({ ...upcoming(), ingredients }) },
  { route: 'POST /api/upcomingMeals', field: 'description', as: 'admin', body: (description) => ({ ...upcoming(), description }) },
  { route: 'POST /payment', field: 'stripeToken', as: 'student', body: (stripeToken) => ({ package: 'Silver', stripeToken }) },
];

function send(route: string, as: 'visitor' | 'student' | 'admin', body: unknown) {
  const [method, path] = route.split(' ') as [string, string];
  const token = as === 'admin' ? admin.token : as === 'student' ? student.token : undefined;
  // JSON.stringify writes a lone surrogate as the escape \udXXX, as a hostile client would send it.
  return product.call(method, path.replace(':id', mealId), {
    ...(token ? { token } : {}),
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

describe('text fields', () => {
  for (const { route, field, as, body } of bodyFields) {
    for (const [what, value] of Object.entries(BAD)) {
      it(`${route}: ${field} with ${what} → 400 naming the problem, nothing appended`, async () => {
        const before = await product.eventCount();
        const response = await send(route, as, body(value));
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toMatch(/must not contain control characters|must not contain invisible text-direction characters|is not valid text/);
        expect(await product.eventCount()).toBe(before);
      });
    }
  }

  it('keeps tab and line breaks in long texts (description, review), and refuses them in one-line fields', async () => {
    const added = await send('POST /api/meals', 'admin', { ...meal(), description: 'Line one\nLine two\r\n\tindented' });
    expect(added.statusCode, added.body).toBe(201);
    const reviewed = await send('POST /api/reviews', 'student', { mealId, review: 'Good.\n\nWould eat again.' });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const titled = await send('POST /api/meals', 'admin', { ...meal(), title: 'Two\nlines' });
    expect(titled.statusCode).toBe(400);
    expect(titled.json().message).toBe('Title must not contain control characters');
  });

  it('keeps well-formed text of any script, emoji (surrogate pairs) included', async () => {
    const response = await send('POST /users', 'student', { name: 'Zoë 李 🍛' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.name).toBe('Zoë 李 🍛');
  });

  it('names each kind of character it refuses, and keeps right-to-left text with its marks', async () => {
    const c1 = await send('POST /users', 'student', { name: 'Zoë\u009b' });
    expect(c1.json()).toMatchObject({ message: 'Name must not contain control characters' });
    const override = await send('POST /users', 'student', { name: 'Zoë\u202e' });
    expect(override.json()).toMatchObject({ message: 'Name must not contain invisible text-direction characters' });
    const hebrew = await send('POST /api/reviews', 'student', { mealId, review: 'טעים מאוד\u200f!\u00a0Tasty.' });
    expect(hebrew.statusCode, hebrew.body).toBe(201);
  });
});

describe('query and path parameters', () => {
  const urls = (value: string) => [
    `/api/meals?distributorEmail=${value}`,
    `/api/meals?search=${value}`,
    `/users?search=${value}`,
    `/users?email=${value}`,
    `/users/${value}`,
    `/api/users?email=${value}`,
    `/payments?email=${value}`,
    `/api/reviews?userEmail=${value}`,
    `/api/mealRequests?userEmail=${value}`,
    `/api/requestedMeals/admin?search=${value}`,
  ];
  for (const [what, encoded] of [
    ['NUL', 'a%00b'],
    ['a bell', '%07'],
    ['an escape', 'x%1Bx'],
    ['DEL', '%7F'],
    ['a C1 control', '%C2%9B'],
    ['a right-to-left override', '%E2%80%AE'],
  ] as const) {
    for (const url of urls(encoded)) {
      it(`GET ${url} (${what}) → 400 with a message`, async () => {
        const response = await product.call('GET', url, { token: admin.token });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toMatch(/must not contain (control|invisible text-direction) characters/);
      });
    }
  }

  it('parses numbers in queries strictly: digits only', async () => {
    for (const url of [
      '/api/meals?priceMin=0x10',
      '/api/meals?priceMax=1e3',
      '/api/meals?priceMin=',
      '/api/meals?skip=',
      '/api/meals?limit=%20',
      '/users?skip=Infinity',
      '/api/upcomingMeals?limit=2.5',
      '/api/reviews?skip=-0',
    ]) {
      const response = await product.call('GET', url, { token: admin.token });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const ok = await product.call('GET', '/api/meals?priceMin=0&priceMax=10.5&skip=0&limit=9', { token: admin.token });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('number fields', () => {
  for (const [what, price] of [
    ['null', null],
    ['true', true],
    ['an empty string', ''],
    ['a numeric string', '5'],
    ['an object', { $gt: 0 }],
  ] as const) {
    it(`PATCH /api/meals/:id refuses price ${what} with 400 and appends nothing`, async () => {
      const before = await product.eventCount();
      const response = await send('PATCH /api/meals/:id', 'admin', { price });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('Price is required');
      expect(await product.eventCount()).toBe(before);
    });
  }

  it('refuses a non-number rating in PUT, and takes real numbers', async () => {
    const stringy = await send('PUT /api/meals/:id', 'admin', { title: 'Dal', distributorName: 'Chef', rating: '5', price: 3 });
    expect(stringy.statusCode).toBe(400);
    expect(stringy.json().message).toBe('Rating is required');
    const numbers = await send('PATCH /api/meals/:id', 'admin', { price: 5.5, rating: 7 });
    expect(numbers.statusCode, numbers.body).toBe(200);
  });
});
