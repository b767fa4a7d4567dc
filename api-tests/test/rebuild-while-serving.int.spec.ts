import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { comparePositions } from '@hostel/eventstore';
import { rebuildReadModels } from '@hostel/projector/rebuild';
import { insertEventMix, REALISTIC_MIX } from '@hostel/projector/testing';
import { projections } from '@hostel/read-models';
import { sql } from 'kysely';
import { startProduct } from '@hostel/embedded/testing';

/**
 * `npm run rebuild` on a product in use: every read model is rebuilt from the log into fresh
 * tables while the catalogue keeps answering from the old ones, then swapped in at once. A
 * catalogue request never fails, never finds the catalogue empty or half-built.
 */
type Product = Awaited<ReturnType<typeof startProduct>>;
let product: Product;
let token: string;
let mealsBefore: string;

/** Which table answers to `name` now (a swap gives it another). */
const tableId = async (name: string) => (await sql<{ id: number }>`select ${name}::regclass::oid as id`.execute(product.services.db)).rows[0]!.id;

beforeAll(async () => {
  product = await startProduct();
  const admin = await product.registerVerified('Boss', 'boss@hostel.test');
  token = (await product.register('Sam Student', 'sam@example.com')).token;
  for (const title of ['Dal Tadka', 'Paneer Wrap', 'Veg Biryani']) await product.addMeal(admin.token, { title });
  // A product with history: 20,000 events written straight into the store. No payments and so no
  // upcoming likes either: the policies have nothing to do, so nothing else appends meanwhile.
  const { last } = await insertEventMix(product.services.db, { events: 20_000, seed: 3, weights: { ...REALISTIC_MIX, pay: 0, likeUpcoming: 0 } });
  await vi.waitFor(
    async () => {
      for (const projection of projections) {
        const row = await product.services.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', projection.name).executeTakeFirstOrThrow();
        if (comparePositions({ a: BigInt(row.position_a), b: BigInt(row.position_b) }, last) < 0) throw new Error(`${projection.name} is catching up`);
      }
    },
    { timeout: 60_000, interval: 50 },
  );
  mealsBefore = (await product.call('GET', '/api/meals', { token })).headers['x-total-count'] as string;
}, 120_000);
afterAll(() => product?.stop());

describe('a rebuild of every read model while the product serves', () => {
  it('keeps GET /api/meals answering, never with an error or an empty page, then swaps at once', async () => {
    expect(Number(mealsBefore)).toBeGreaterThan(50);
    const catalogue = await tableId('meals');
    const drawn: string[] = [];
    const bar = new Writable({
      write(chunk: Buffer, _encoding, done) {
        drawn.push(chunk.toString());
        done();
      },
    });

    let rebuilding = true;
    const rebuilt = rebuildReadModels({ store: product.services.store, db: product.services.db, eventCount: await product.eventCount(), stream: bar }).finally(
      () => (rebuilding = false),
    );
    const answers: { status: number; items: number; total: string }[] = [];
    let visitorPage = 0;
    while (rebuilding) {
      // A member's page is read from the tables every time; a visitor's may come from the answer cache, which the swap clears.
      const signedIn = answers.length % 2 === 0;
      const response = signedIn ? await product.call('GET', '/api/meals', { token }) : await product.call('GET', `/api/meals?skip=${9 * (visitorPage++ % 5)}`);
      const body = response.json() as unknown[];
      answers.push({ status: response.statusCode, items: Array.isArray(body) ? body.length : 0, total: String(response.headers['x-total-count']) });
    }
    const { events } = await rebuilt;

    expect(events).toBe(await product.eventCount());
    // Answered all along, as many meals every time: the old tables until the swap, the new ones after.
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => answer.status !== 200 || answer.items === 0 || answer.total !== mealsBefore)).toEqual([]);
    // The catalogue's table is a new one: the swap happened while the requests ran.
    expect(await tableId('meals')).not.toBe(catalogue);
    // The live projector goes on from the rebuilt position: a new meal shows up.
    const admin = (await product.call('POST', '/api/auth/login', { body: { email: 'boss@hostel.test', password: 'secret-pass-1' } })).json() as {
      token: string;
    };
    const added = await product.addMeal(admin.token, { title: 'After The Rebuild' });
    const after = await product.call('GET', '/api/meals', { token, headers: { 'x-min-position': added.position } });
    expect(after.headers['x-total-count']).toBe(String(Number(mealsBefore) + 1));
    // The bar said how fast, and how long was left.
    expect(drawn.join('')).toMatch(/rebuild every read model .*\| [\d,]+ events\/s \| ETA /);
  });
});
