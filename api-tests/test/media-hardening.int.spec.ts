import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPosition } from '@hostel/eventstore';
import { sweepUnusedImages } from '@hostel/command-api';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Uploads from outside: every malformed body is a 4xx with a message (they answered 500), each user
 * has a daily quota of stored bytes, and images no event refers to are deleted after a grace period.
 */
type Product = Awaited<ReturnType<typeof startProduct>>;
const DAY = 24 * 60 * 60 * 1000;
const QUOTA = 200 * 1024;
const NETWORK_QUOTA = 300 * 1024;

let product: Product;
let admin: Awaited<ReturnType<Product['registerVerified']>>;
let student: Awaited<ReturnType<Product['registerVerified']>>;
beforeAll(async () => {
  product = await startProduct(
    {},
    { limits: { uploadBytesPerUser: { max: QUOTA, windowMs: DAY }, uploadBytesPerAddress: { max: NETWORK_QUOTA, windowMs: DAY } } },
  );
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
  student = await product.registerVerified('Stu', 'stu@example.com');
});
afterAll(async () => product?.stop());

const BOUNDARY = 'media-hardening';
const part = (name = 'file') => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="meal.png"\r\nContent-Type: image/png\r\n\r\n`;
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

/** An upload from one address: the harness's own requests all come from 127.0.0.1, whose per-address quota the suite shares. */
function upload(payload: string | Buffer, contentType = multipartType, token = student.token, address = '192.0.2.10') {
  return product.services.app.inject({
    method: 'POST',
    url: '/api/uploads',
    remoteAddress: address,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
}

/** A PNG of noise: it does not compress, so its WebP is about as large as its pixels. */
async function noisyPng(side: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = state >> 16;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

const asMultipart = (bytes: Buffer) => Buffer.concat([Buffer.from(part()), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);

describe('malformed uploads', () => {
  const cases: [string, string | Buffer, string?][] = [
    ['a 0-byte file', `${part()}\r\n--${BOUNDARY}--\r\n`],
    ['a body cut short inside the file', `${part()}\x89PNG\r\n\x1a\n\0\0\0\rIHDR`],
    ['a body cut short inside the part header', `--${BOUNDARY}\r\nContent-Disposition: form-da`],
    ['multipart without a boundary', `${part()}abc\r\n--${BOUNDARY}--\r\n`, 'multipart/form-data'],
    ['an empty boundary', `${part()}abc\r\n--${BOUNDARY}--\r\n`, 'multipart/form-data; boundary='],
    ['a boundary the body never uses', `${part()}abc\r\n--${BOUNDARY}--\r\n`, 'multipart/form-data; boundary=something-else'],
    ['garbage', 'garbage'],
    ['an empty body', ''],
    ['only a text field', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSoup\r\n--${BOUNDARY}--\r\n`],
    ['the file in another field', `${part('picture')}abc\r\n--${BOUNDARY}--\r\n`],
  ];
  for (const [label, payload, contentType] of cases) {
    it(`answers 4xx with a message for ${label}, and stores nothing`, async () => {
      const before = await product.services.commandDb
        .selectFrom('media')
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      const response = await upload(payload, contentType);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
      const after = await product.services.commandDb
        .selectFrom('media')
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      expect(after.count).toBe(before.count);
    });
  }

  it('names the problem', async () => {
    expect((await upload(`${part()}\r\n--${BOUNDARY}--\r\n`)).json().message).toBe('The file is empty: please choose an image');
    expect((await upload(`${part()}abc`)).json().message).toBe('The upload could not be read: send the image as multipart/form-data in a field named file');
    expect((await upload('x', 'multipart/form-data')).json().message).toBe(
      'The upload could not be read: send the image as multipart/form-data in a field named file',
    );
  });
});

describe('the upload quota', () => {
  it('refuses an upload that would take a user past their daily bytes with 429 and Retry-After; others still upload', async () => {
    const uploader = await product.registerVerified('Heavy', 'heavy@example.com');
    const statuses: number[] = [];
    let refused;
    for (let seed = 1; seed <= 12 && !refused; seed++) {
      const response = await upload(asMultipart(await noisyPng(200, seed)), multipartType, uploader.token, '192.0.2.20');
      statuses.push(response.statusCode);
      if (response.statusCode !== 201) refused = response;
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(refused?.statusCode, refused?.body).toBe(429);
    expect(refused!.json().message).toMatch(/^You have uploaded your 0.2 MB of images for today\. Please try again in 24 hours/);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const stored = await product.services.commandDb
      .selectFrom('media')
      .select(sql<string>`sum(octet_length(bytes))`.as('bytes'))
      .where('uploaded_by', '=', uploader.user._id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.bytes)).toBeLessThanOrEqual(QUOTA);
    expect((await product.upload(student.token)).startsWith('/api/media/')).toBe(true);
  });
});

describe('the upload quota of a network', () => {
  it('bounds what one address stores in a day whatever the accounts (429 and Retry-After); other addresses and admins still upload; the address is forgotten after a day', async () => {
    const network = '198.51.100.7';
    const statuses: number[] = [];
    let refused;
    for (let index = 1; index <= 12 && !refused; index++) {
      // A new proven account for each image: the per-user quota alone would never stop this.
      const account = await product.registerVerified(`Many ${index}`, `many${index}@example.com`);
      const response = await upload(asMultipart(await noisyPng(200, 100 + index)), multipartType, account.token, network);
      statuses.push(response.statusCode);
      if (response.statusCode !== 201) refused = response;
    }
    expect(statuses.length).toBeGreaterThan(2);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(refused?.statusCode, refused?.body).toBe(429);
    expect(refused!.json().message).toMatch(/^Your network has uploaded its 0.3 MB of images for today\. Please try again in 24 hours/);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const fromNetwork = () =>
      product.services.commandDb
        .selectFrom('media')
        .select([sql<string>`coalesce(sum(octet_length(bytes)), 0)`.as('bytes'), sql<string>`count(*)`.as('images')])
        .where('uploaded_from', '=', network)
        .executeTakeFirstOrThrow();
    expect(Number((await fromNetwork()).bytes)).toBeLessThanOrEqual(NETWORK_QUOTA);
    expect((await upload(asMultipart(await noisyPng(200, 999)), multipartType, student.token, '203.0.113.50')).statusCode).toBe(201);
    expect((await upload(asMultipart(await noisyPng(200, 998)), multipartType, admin.token, network)).statusCode).toBe(201);

    await sweepUnusedImages({ store: product.services.store, db: product.services.commandDb, now: new Date(Date.now() + DAY + 60_000), graceMs: 100 * DAY });
    expect(Number((await fromNetwork()).images)).toBe(0);
  });
});

describe('images no event refers to', () => {
  it('are deleted once a day has passed; images of meals, upcoming meals and profiles stay; a claim restarts the day', async () => {
    const mealImage = await product.upload(admin.token);
    await product.addMeal(admin.token, { image: mealImage });
    const upcomingImage = await product.upload(admin.token);
    expect(
      (
        await product.call('POST', '/api/upcomingMeals', {
          token: admin.token,
          body: { title: 'Soon', category: 'Lunch', image: upcomingImage, ingredients: 'rice', description: 'On the vote', price: 3 },
        })
      ).statusCode,
    ).toBe(201);
    const photo = await product.upload(student.token);
    expect((await product.call('POST', '/users', { token: student.token, body: { photo } })).statusCode).toBe(200);
    const replaced = await product.upload(admin.token);
    const { _id: editedMeal } = await product.addMeal(admin.token, { image: replaced });
    const replacement = await product.upload(admin.token);
    const edited = await product.call('PATCH', `/api/meals/${editedMeal}`, { token: admin.token, body: { image: replacement } });
    expect(edited.statusCode).toBe(200);
    const abandoned = await product.upload(student.token);
    const claimedLate = await product.upload(admin.token);
    const idOf = (url: string) => url.split('/').at(-1)!;
    // An image uploaded two days ago, claimed by a command just now (its event not appended yet).
    await product.services.commandDb
      .updateTable('media')
      .set({ created_at: new Date(Date.now() - 2 * DAY) })
      .where('id', '=', idOf(claimedLate))
      .execute();
    await product.services.commandDb.updateTable('media').set({ last_used_at: new Date() }).where('id', '=', idOf(claimedLate)).execute();
    const served = async (url: string) => (await product.call('GET', url)).statusCode;

    const { store, commandDb: db } = product.services;
    // A reader never skips a late commit, so while another transaction on this PostgreSQL is open
    // (another test file's) the log as read may trail the answers: the sweep reads what is readable.
    await vi.waitFor(
      async () => expect((await store.readAll({ batch: 100_000 })).some((event) => formatPosition(event.position) === edited.json().position)).toBe(true),
      { timeout: 10_000 },
    );
    expect((await sweepUnusedImages({ store, db })).deleted).toBe(0);
    for (const url of [mealImage, upcomingImage, photo, replaced, replacement, abandoned, claimedLate]) expect(await served(url), url).toBe(200);

    const later = await sweepUnusedImages({ store, db, now: new Date(Date.now() + DAY + 60_000) });
    expect(later.deleted).toBeGreaterThanOrEqual(2);
    expect(await served(abandoned)).toBe(404);
    expect(await served(claimedLate)).toBe(404);
    // Referred to by an event (the edited meal's first image too: the log keeps it for its history).
    for (const url of [mealImage, upcomingImage, photo, replaced, replacement]) expect(await served(url), url).toBe(200);
  });

  it('refuses a meal edit to an image that is not ours', async () => {
    const { _id } = await product.addMeal(admin.token);
    const response = await product.call('PATCH', `/api/meals/${_id}`, { token: admin.token, body: { image: `/api/media/${crypto.randomUUID()}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please upload an image before submitting');
  });
});
