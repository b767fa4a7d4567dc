import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand, userDecider, userStream } from '@hostel/domain';
import { startProduct } from '@hostel/embedded/testing';

/**
 * The spec's own React client (SPEC section 7), served from another origin: each request here is sent
 * as that client sends it, with its `Origin`, `Content-Type: application/json` on every authenticated
 * call, its bodies as they are, and never `X-Min-Position`.
 */
const APP = 'http://meals.test';
const CLIENT = 'http://client.test';
/** The image host the client uploads to, as an operator lists it in IMAGE_URL_HOSTS. */
const IMAGE_HOST = 'res.cloudinary.test';

let product: Awaited<ReturnType<typeof startProduct>>;
let admin: Awaited<ReturnType<typeof product.registerVerified>>;
let student: Awaited<ReturnType<typeof product.register>>;
let other: Awaited<ReturnType<typeof product.register>>;
/** Twelve meals, oldest first: more than a page of All Meals (9) and of a dashboard list (10). */
let meals: { _id: string; position: string }[];

beforeAll(async () => {
  product = await startProduct({ APP_ORIGIN: APP, CORS_ORIGINS: `${CLIENT}, http://other-client.test`, IMAGE_URL_HOSTS: IMAGE_HOST });
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
  student = await product.register('Sam', 'sam@example.com');
  other = await product.register('Kim', 'kim@example.com');
  meals = [];
  for (let index = 0; index < 12; index++) meals.push(await product.addMeal(admin.token, { title: `Meal ${index}` }));
  await product.caughtUp();
});
afterAll(async () => product?.stop());

/** A call of the spec client's `secureFetch` (or its plain `fetch` with no token). */
function client(method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  return product.call(method, url, {
    ...options,
    headers: { origin: CLIENT, 'content-type': 'application/json' },
    once: true,
  });
}

/** The spec client's Add Upcoming Meal form, as the admin sends it. */
function addUpcoming(title: string, image: string) {
  return client('POST', '/api/upcomingMeals', {
    token: admin.token,
    body: {
      title,
      category: 'Dinner',
      image,
      ingredients: ['rice'],
      description: 'Coming',
      price: 3,
      distributorName: 'Boss',
      distributorEmail: 'boss@hostel.test',
      likes: 0,
      reviewCount: 0,
      rating: 0,
    },
  });
}

/** The browser's preflight before a call of `method` with the client's headers. */
function preflight(url: string, method: string, origin = CLIENT) {
  return product.call('OPTIONS', url, {
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
    once: true,
  });
}

describe('CORS for a client on another origin', () => {
  it.each([
    ['PATCH', '/api/meals/{id}/like'],
    ['PUT', '/api/meals/{id}'],
    ['DELETE', '/api/meals/{id}'],
    ['PATCH', '/api/upcomingMeals/{id}/publish'],
    ['DELETE', '/api/reviews/{id}'],
    ['POST', '/payment'],
  ])('a preflight for %s %s from a CORS_ORIGINS origin is allowed, with its Authorization and Content-Type', async (method, path) => {
    const answer = await preflight(path.replace('{id}', crypto.randomUUID()), method);

    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(String(answer.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method);
    expect(String(answer.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type']),
    );
    // Bearer tokens only: the refresh cookie is our own app's.
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('our own app (APP_ORIGIN) is allowed with its cookie; an origin nobody listed is not allowed at all', async () => {
    const own = await preflight('/api/auth/refresh', 'POST', APP);
    const stranger = await preflight(`/api/meals/${crypto.randomUUID()}/like`, 'PATCH', 'http://evil.test');

    expect(own.headers['access-control-allow-origin']).toBe(APP);
    expect(own.headers['access-control-allow-credentials']).toBe('true');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect(stranger.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('the call after the preflight is answered with the origin allowed and the paging headers exposed', async () => {
    const answer = await client('GET', '/api/meals?skip=0&limit=9');

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(answer.headers.vary).toMatch(/origin/i);
    expect(String(answer.headers['access-control-expose-headers'])).toContain('x-total-count');
  });
});

describe('lists read in one call', () => {
  it("GET /api/meals with no query answers every meal (the admin's All Meals); with skip and limit, a page", async () => {
    const all = await client('GET', '/api/meals', { token: admin.token });
    const page = await client('GET', '/api/meals?skip=9&limit=9');

    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(12);
    expect(all.headers['x-total-count']).toBe('12');
    expect(page.json().map((meal: { title: string }) => meal.title)).toEqual(['Meal 2', 'Meal 1', 'Meal 0']);
  });

  it("GET /api/reviews answers a student every review, the emails only on their own: the client's My Reviews finds theirs", async () => {
    const mine = await client('POST', '/api/reviews', { token: student.token, body: { mealId: meals[0]!._id, review: 'First in line' } });
    for (const meal of meals.slice(1)) await client('POST', '/api/reviews', { token: other.token, body: { mealId: meal._id, review: 'Tasty' } });
    await product.caughtUp();

    const answer = await client('GET', '/api/reviews', { token: student.token });

    expect(answer.statusCode).toBe(200);
    const reviews = answer.json() as { _id: string; userEmail?: string; review: string }[];
    expect(reviews).toHaveLength(12);
    // What the client's My Reviews does with the answer: its own, by email.
    expect(reviews.filter((review) => review.userEmail === student.user.email).map((review) => review._id)).toEqual([mine.json()._id]);
    expect(reviews.filter((review) => review.userEmail !== undefined)).toHaveLength(1);
  });
});

describe('badges named as their package', () => {
  it("answers 'Gold' wherever the badge shows (profile, users, requests) and takes the client's request body with userBadge 'Gold'", async () => {
    const member = await product.register('Gil', 'gil@example.com');
    // What a paid Gold membership's grant records (the grant-badge worker's command).
    const granted = await handleCommand(
      product.services.store,
      userStream(member.user._id),
      userDecider,
      { type: 'GrantBadge', userId: member.user._id, badge: 'gold', paymentId: crypto.randomUUID() },
      { actor: 'system', correlationId: crypto.randomUUID() },
    );
    await product.caughtUp();

    const profile = await client('GET', '/users/gil@example.com', { token: member.token });
    // The client's Meal Details refuses Bronze and sends what it holds of the meal and the member.
    const requested = await client('POST', '/api/mealRequests', {
      token: member.token,
      body: {
        userName: 'Gil',
        userEmail: 'gil@example.com',
        mealId: meals[0]!._id,
        mealTitle: 'Meal 0',
        distributorName: 'Boss',
        status: 'Pending',
        requestTime: new Date().toISOString(),
        userBadge: profile.json().badge,
      },
    });
    await product.caughtUp();
    const requests = await client('GET', '/api/mealRequests?userEmail=gil@example.com', { token: member.token });
    const users = await client('GET', '/users?email=gil@example.com', { token: admin.token });

    expect(granted.changed).toBe(true);
    expect(profile.json()).toMatchObject({ email: 'gil@example.com', badge: 'Gold' });
    // The client's gate on liking an upcoming meal.
    expect(['Silver', 'Gold', 'Platinum']).toContain(profile.json().badge);
    expect(requested.statusCode).toBe(201);
    expect(requests.json().map((request: { userBadge: string }) => request.userBadge)).toEqual(['Gold']);
    expect(users.json().map((user: { badge: string }) => user.badge)).toEqual(['Gold']);
  });

  it('answers a student with no membership no badge (free), as before', async () => {
    expect((await client('GET', '/users/sam@example.com', { token: student.token })).json()).toMatchObject({ badge: null });
  });
});

describe('pictures for a client on another origin', () => {
  it("answers a meal's and an upcoming meal's image as an absolute URL of the public origin (APP_ORIGIN)", async () => {
    const upcoming = await addUpcoming('Soon', await product.upload(admin.token));
    await product.caughtUp();

    const one = await client('GET', `/api/meals/${meals[0]!._id}`);
    const list = await client('GET', '/api/meals?category=All');
    const upcomingList = await client('GET', '/api/upcomingMeals', { token: admin.token });

    expect(upcoming.statusCode).toBe(201);
    const absolute = new RegExp(`^${APP}/api/media/[0-9a-f-]{36}$`);
    expect(one.json().image).toMatch(absolute);
    for (const meal of list.json() as { image: string }[]) expect(meal.image).toMatch(absolute);
    expect((upcomingList.json() as { image: string }[]).map((meal) => meal.image)).toEqual([expect.stringMatching(absolute)]);
  });

  it('serves a picture with Cross-Origin-Resource-Policy: cross-origin, so a page elsewhere may show it; still nosniff', async () => {
    const { image } = (await client('GET', `/api/meals/${meals[0]!._id}`)).json() as { image: string };
    const picture = await product.call('GET', new URL(image).pathname, { headers: { origin: CLIENT }, once: true });
    const page = await product.call('GET', '/api/meals', { once: true });

    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    // Only pictures: every other answer keeps helmet's same-origin.
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("our own pages may show pictures from the public origin (the CSP's img-src names it)", async () => {
    const answer = await product.call('GET', '/api/meals', { once: true });
    const imgSrc = /img-src ([^;]*)/.exec(String(answer.headers['content-security-policy']))?.[1]?.split(' ');

    expect(imgSrc).toEqual(expect.arrayContaining(["'self'", APP]));
  });
});

describe('pictures on an image host the operator listed (IMAGE_URL_HOSTS)', () => {
  const hosted = `https://${IMAGE_HOST}/demo/image/upload/v1/dal.jpg`;

  it("takes the Add Meal form's body with the image host's https URL, and answers the meal with it", async () => {
    // The spec client's Add Meal: ingredients as typed, and the fields the server keeps itself.
    const added = await client('POST', '/api/meals', {
      token: admin.token,
      body: {
        title: 'Hosted Dal',
        category: 'Lunch',
        image: hosted,
        ingredients: 'lentils, rice',
        description: 'Warm',
        price: 4,
        postTime: new Date().toISOString(),
        distributorName: 'Boss',
        distributorEmail: 'boss@hostel.test',
        rating: 0,
        likes: 0,
        reviews_count: 0,
      },
    });
    const read = await client('GET', `/api/meals/${added.json()._id}`);

    expect(added.statusCode, added.body).toBe(201);
    expect(read.json()).toMatchObject({ title: 'Hosted Dal', image: hosted });
  });

  it('takes it in an upcoming meal and in an edit of a meal', async () => {
    const upcoming = await addUpcoming('Hosted soon', hosted);
    const edited = await client('PATCH', `/api/meals/${meals[1]!._id}`, { token: admin.token, body: { image: `https://${IMAGE_HOST}/other.png` } });
    const upcomingList = await client('GET', '/api/upcomingMeals', { token: admin.token });

    expect(upcoming.statusCode, upcoming.body).toBe(201);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await client('GET', `/api/meals/${meals[1]!._id}`)).json().image).toBe(`https://${IMAGE_HOST}/other.png`);
    expect(upcomingList.json().find((meal: { _id: string }) => meal._id === upcoming.json()._id)?.image).toBe(hosted);
  });

  it('refuses any other host, and the listed one over plain http, with a 400 that says which hosts it takes', async () => {
    const elsewhere = await client('PATCH', `/api/meals/${meals[2]!._id}`, { token: admin.token, body: { image: 'https://images.evil.test/x.jpg' } });
    const plain = await client('PATCH', `/api/meals/${meals[2]!._id}`, { token: admin.token, body: { image: `http://${IMAGE_HOST}/x.jpg` } });

    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(`Images from images.evil.test are not accepted: upload the image here, or use an https address on ${IMAGE_HOST}`);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toMatch(/accepted only as plain https addresses/);
  });

  it("the pages' CSP shows pictures from exactly our origin and the listed host, no other https site", async () => {
    const answer = await product.call('GET', '/api/meals', { once: true });
    const imgSrc = /img-src ([^;]*)/.exec(String(answer.headers['content-security-policy']))?.[1]?.split(' ');

    expect(imgSrc).toEqual(expect.arrayContaining(["'self'", APP, `https://${IMAGE_HOST}`]));
    expect(imgSrc).not.toContain('https:');
  });
});

describe("a meal's counts sent back by the client (PATCH /api/meals/{id} with counts only)", () => {
  it('answers a student 200 with the true counts after their review, and changes nothing', async () => {
    const meal = meals[3]!;
    const before = (await client('GET', `/api/meals/${meal._id}`)).json() as { reviewCount: number; likes: number };
    // The client's review form: the review, then reviewCount raised by one through a follow-up update.
    const reviewed = await client('POST', '/api/reviews', {
      token: student.token,
      body: {
        userEmail: student.user.email,
        userName: 'Sam',
        mealId: meal._id,
        mealTitle: 'Meal 3',
        distributorName: 'Boss',
        review: 'Lovely',
        createdAt: new Date().toISOString(),
      },
    });
    await product.caughtUp();
    const events = await product.eventCount();
    const raised = await client('PATCH', `/api/meals/${meal._id}`, { token: student.token, body: { reviewCount: before.reviewCount + 1 } });
    const liked = await client('PATCH', `/api/meals/${meal._id}`, { token: other.token, body: { likes: 1000 } });

    expect(reviewed.statusCode).toBe(201);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ reviewCount: before.reviewCount + 1, reviews_count: before.reviewCount + 1, likes: before.likes });
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toMatchObject({ likes: before.likes, reviewCount: before.reviewCount + 1 });
    expect(raised.headers['access-control-allow-origin']).toBe(CLIENT);
    // Nothing appended, nothing changed.
    expect(await product.eventCount()).toBe(events);
    expect((await client('GET', `/api/meals/${meal._id}`)).json()).toMatchObject({ reviewCount: before.reviewCount + 1, likes: before.likes });
  });

  it('is 404 for a meal that is not there, 401 without a token; an edit by a student is still 403', async () => {
    expect((await client('PATCH', `/api/meals/${crypto.randomUUID()}`, { token: student.token, body: { reviewCount: 1 } })).statusCode).toBe(404);
    const anonymous = await client('PATCH', `/api/meals/${meals[3]!._id}`, { body: { reviewCount: 1 } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toMatch(/sign in/i);
    expect((await client('PATCH', `/api/meals/${meals[3]!._id}`, { token: student.token, body: { title: 'Mine now' } })).statusCode).toBe(403);
  });
});
