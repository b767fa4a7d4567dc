import { COMMAND_READABLE_WAIT_MS } from '@hostel/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Read-your-writes for clients that send no `X-Min-Position` (the spec's own re-reads a meal right
 * after liking it): a command answers once the read models show its events, within a bound. Two
 * products: one whose bound is far off, so the order of things is seen whatever the machine's load,
 * and one with the real bound.
 */
type Product = Awaited<ReturnType<typeof startProduct>>;
let patient: Product;
let bounded: Product;

beforeAll(async () => {
  [patient, bounded] = await Promise.all([startProduct({}, { readableWaitMs: 60_000 }), startProduct()]);
});
afterAll(async () => Promise.all([patient?.stop(), bounded?.stop()]));

/**
 * Holds the meal catalogue back: its table locked against writes by a transaction of our own (a table
 * lock takes no transaction id, so the event store's readers do not wait for it), so the projector's
 * next catalogue write waits on it.
 */
async function holdCatalogue(product: Product) {
  const holder = new pg.Client({ connectionString: product.databaseUrl });
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table meals in share mode');
  let released = false;
  return {
    /** Resolves once a session waits for our lock: the projector, with the next event for the catalogue. */
    async projectorWaiting() {
      await vi.waitFor(
        async () => {
          const { rows } = await holder.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_locks where not granted and locktype = 'relation' and relation = 'meals'::regclass`,
          );
          expect(rows[0]!.waiting).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 10 },
      );
    },
    async release() {
      if (released) return;
      released = true;
      await holder.query('commit');
      await holder.end();
    },
  };
}

/** The spec client's like: its body, its JSON content type, its origin's token, no X-Min-Position. */
const like = (product: Product, mealId: string, member: { token: string; user: { email: string } }) =>
  product.call('PATCH', `/api/meals/${mealId}/like`, {
    token: member.token,
    body: { userEmail: member.user.email },
    headers: { 'content-type': 'application/json' },
    once: true,
  });

describe('a command answers once its events are readable', () => {
  it("a like is answered only once the catalogue shows it, so the client's next read sees its like", async () => {
    const admin = await patient.registerVerified('Boss', 'boss@hostel.test');
    const student = await patient.register('Sam', 'sam@example.com');
    const meal = await patient.addMeal(admin.token);
    await patient.caughtUp();
    const held = await holdCatalogue(patient);
    try {
      let answered = false;
      const liking = like(patient, meal._id, student).then((answer) => {
        answered = true;
        return answer;
      });
      await held.projectorWaiting();
      // The like is recorded and the projector waits to show it: so does the answer.
      expect(answered).toBe(false);
      expect((await patient.call('GET', `/api/meals/${meal._id}`, { once: true })).json().likes).toBe(0);
      await held.release();
      const liked = await liking;
      const read = await patient.call('GET', `/api/meals/${meal._id}`, { token: student.token, once: true });

      expect(liked.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ likes: 1, likedByMe: true });
    } finally {
      await held.release();
    }
  });

  it('waits about a second at most: with the catalogue held back, the like is answered anyway, and counted once it is shown', async () => {
    const admin = await bounded.registerVerified('Boss', 'boss@hostel.test');
    const student = await bounded.register('Sam', 'sam@example.com');
    const meal = await bounded.addMeal(admin.token);
    await bounded.caughtUp();
    const held = await holdCatalogue(bounded);
    try {
      const started = performance.now();
      const liked = await like(bounded, meal._id, student);

      expect(liked.statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(COMMAND_READABLE_WAIT_MS - 50);
    } finally {
      await held.release();
    }
    await bounded.caughtUp();
    expect((await bounded.call('GET', `/api/meals/${meal._id}`, { once: true })).json().likes).toBe(1);
  });
});
