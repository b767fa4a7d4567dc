import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, likeMeal, likeStream, mealStream } from '@hostel/domain';
import { formatPosition } from '@hostel/eventstore';
import { io as connectClient } from 'socket.io-client';
import { rooms } from '@hostel/contracts';
import type { LiveMessages } from '@hostel/contracts';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Likes live in a stream per (meal, student): the meal's stream never grows with them, two likes of
 * one meal never contend, a like of a deleted meal counts nowhere, and likes recorded in meal streams
 * before (the old model) still count and still stop a second like.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
let admin: Awaited<ReturnType<Awaited<ReturnType<typeof startProduct>>['register']>>;

beforeAll(async () => {
  product = await startProduct({ RATE_LIMITS: 'off' });
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
});
afterAll(async () => product?.stop());

const like = (mealId: string, token: string) => product.call('PATCH', `/api/meals/${mealId}/like`, { token, body: {} });
const latest = (answers: { json(): unknown }[]) =>
  answers
    .map((answer) => (answer.json() as { position?: string }).position ?? '')
    .sort()
    .at(-1)!;
const readMeal = async (mealId: string, position: string, token?: string) =>
  product.call('GET', `/api/meals/${mealId}`, { headers: { 'x-min-position': position }, ...(token ? { token } : {}) });

describe('likes, a stream each', () => {
  it('200 students like one meal at once: 200 likes, none 409 or 5xx, and the meal stream still holds one event', async () => {
    const meal = await product.addMeal(admin.token, { title: 'Hot favourite' });
    const students = await Promise.all(Array.from({ length: 200 }, (_, index) => product.register(`Fan ${index}`, `fan-${index}@example.com`)));

    const answers = await Promise.all(students.map((student) => like(meal._id, student.token)));

    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    expect(answers.every((answer) => answer.json().liked === true)).toBe(true);
    expect((await readMeal(meal._id, latest(answers))).json().likes).toBe(200);
    const [stream] = await product.sql<{ events: string }>('select count(*) as events from eventstore.events where stream_id = $1', [mealStream(meal._id)]);
    expect(Number(stream!.events)).toBe(1);
  }, 120_000);

  it('a second like by the same student, even at the same moment, is answered "already liked" and counts once', async () => {
    const meal = await product.addMeal(admin.token, { title: 'Twice liked' });
    const student = await product.register('Eager', 'eager@example.com');

    const answers = await Promise.all(Array.from({ length: 5 }, () => like(meal._id, student.token)));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().liked).length).toBe(1);
    expect(answers.filter((answer) => !answer.json().liked).map((answer) => answer.json().message)).toEqual(Array(4).fill('You have already liked this meal.'));
    const read = await readMeal(meal._id, latest(answers), student.token);
    expect(read.json()).toMatchObject({ likes: 1, likedByMe: true });
  });

  it('a like of a missing or deleted meal is answered 404 and records nothing', async () => {
    const meal = await product.addMeal(admin.token, { title: 'Short lived' });
    const student = await product.register('Late', 'late@example.com');
    expect((await product.call('DELETE', `/api/meals/${meal._id}`, { token: admin.token })).statusCode).toBe(200);
    const before = await product.eventCount();

    const gone = await like(meal._id, student.token);
    const never = await like(crypto.randomUUID(), student.token);

    expect([gone.statusCode, gone.json().message]).toEqual([404, 'Meal not found']);
    expect(never.statusCode).toBe(404);
    expect(await product.eventCount()).toBe(before);
  });

  it('a like decided on the meal as the last like left it is refused once the meal has been deleted, or read again once edited', async () => {
    const meal = await product.addMeal(admin.token, { title: 'Liked, then gone' });
    const first = await product.register('Ann', 'ann-gone@example.com');
    const second = await product.register('Ben', 'ben-gone@example.com');
    const third = await product.register('Cy', 'cy-gone@example.com');
    expect((await like(meal._id, first.token)).statusCode).toBe(200);
    // An edit moves the meal's stream on: the next like reads it again and lands.
    expect((await product.call('PATCH', `/api/meals/${meal._id}`, { token: admin.token, body: { price: 7 } })).statusCode).toBe(200);
    expect((await like(meal._id, second.token)).json()).toMatchObject({ liked: true });
    expect((await product.call('DELETE', `/api/meals/${meal._id}`, { token: admin.token })).statusCode).toBe(200);
    const before = await product.eventCount();

    const late = await like(meal._id, third.token);

    expect([late.statusCode, late.json().message]).toEqual([404, 'Meal not found']);
    expect(await product.eventCount()).toBe(before);
  });

  it('likes arriving together decide on the meal kept from the last like: its stream is not read again, until it moves on', async () => {
    const meal = await product.addMeal(admin.token, { title: 'Read once' });
    const store = product.services.store;
    const stream = mealStream(meal._id);
    let mealReads = 0;
    // The real store, counting how often the like reads the meal's stream.
    const counted: typeof store = {
      ...store,
      readFromSnapshot: (read, kind) => ((mealReads += read === stream ? 1 : 0), store.readFromSnapshot(read, kind)),
      readStream: (read, options) => ((mealReads += read === stream ? 1 : 0), store.readStream(read, options)),
    };
    const context = { actor: 'like-test', correlationId: 'like-test' };
    await likeMeal(counted, meal._id, 'first-fan', context);
    mealReads = 0;

    const together = await Promise.all(Array.from({ length: 50 }, (_, index) => likeMeal(counted, meal._id, `fan-${index}`, context)));

    expect(together.every((liked) => liked.changed)).toBe(true);
    expect(mealReads).toBe(0);
    // Edited meanwhile: each like's append is refused once, the meal read again, and every like lands.
    expect((await product.call('PATCH', `/api/meals/${meal._id}`, { token: admin.token, body: { price: 7 } })).statusCode).toBe(200);
    const afterEdit = await Promise.all(Array.from({ length: 20 }, (_, index) => likeMeal(counted, meal._id, `later-fan-${index}`, context)));
    expect(afterEdit.every((liked) => liked.changed)).toBe(true);
    expect(mealReads).toBeGreaterThan(0);
    const likes = await product.sql<{ count: string }>(`select count(*) from eventstore.events where stream_id like $1`, [`${likeStream(meal._id, '')}%`]);
    expect(Number(likes[0]!.count)).toBe(71);
  });

  it('the delete/like race: likes decided before the deletion may land after it, and then count nowhere', async () => {
    const meal = await product.addMeal(admin.token, { title: 'Raced' });
    const students = await Promise.all(Array.from({ length: 30 }, (_, index) => product.register(`Racer ${index}`, `racer-${index}@example.com`)));

    // given likes and the deletion sent at once (some likes land before it, some may land after)
    const answers = await Promise.all([
      ...students.slice(0, 15).map((student) => like(meal._id, student.token)),
      product.call('DELETE', `/api/meals/${meal._id}`, { token: admin.token }),
      ...students.slice(15).map((student) => like(meal._id, student.token)),
    ]);
    // and one that certainly lands after: decided while the meal was listed, appended once it was deleted
    const late = await product.register('Latecomer', 'latecomer@example.com');
    const lateLike = await product.services.store.append(
      likeStream(meal._id, late.user._id),
      [envelope({ type: 'MealLiked', data: { mealId: meal._id, userId: late.user._id } }, { actor: late.user._id, correlationId: 'late' })],
      { expectedVersion: 'no_stream' },
    );

    // then every like was answered (200 before the deletion, 404 after), never 409 or 5xx
    expect(answers.filter((answer) => ![200, 404].includes(answer.statusCode)).map((answer) => answer.body)).toEqual([]);
    // and the meal is gone with every like of it, whenever the like landed
    expect((await readMeal(meal._id, formatPosition(lateLike.position))).statusCode).toBe(404);
    expect(await product.sql('select * from meal_likes where meal_id = $1', [meal._id])).toEqual([]);
  }, 60_000);

  it('likes recorded in the meal stream (the old model) still count, and stop the same student liking again', async () => {
    const meal = await product.addMeal(admin.token, { title: 'From the old days' });
    const veteran = await product.register('Veteran', 'veteran@example.com');
    const newcomer = await product.register('Newcomer', 'newcomer@example.com');
    // A like as it was recorded before likes had streams of their own: in the meal's stream.
    await product.services.store.append(
      mealStream(meal._id),
      [envelope({ type: 'MealLiked', data: { mealId: meal._id, userId: veteran.user._id } }, { actor: veteran.user._id, correlationId: 'old-model' })],
      { expectedVersion: 0n },
    );

    const again = await like(meal._id, veteran.token);
    const fresh = await like(meal._id, newcomer.token);

    expect(again.json()).toMatchObject({ liked: false, message: 'You have already liked this meal.' });
    expect(fresh.json()).toMatchObject({ liked: true });
    expect((await readMeal(meal._id, latest([again, fresh]), veteran.token)).json()).toMatchObject({ likes: 2, likedByMe: true });
  });

  it("pushes a meal's like and review counts to its page and the catalogue, merged per window: watchers need not refetch", async () => {
    const meal = await product.addMeal(admin.token, { title: 'Watched' });
    const fans = await Promise.all(Array.from({ length: 5 }, (_, index) => product.register(`Watcher fan ${index}`, `watcher-fan-${index}@example.com`)));
    await product.services.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(product.services.app.server.address() as { port: number }).port}`;
    const socket = connectClient(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      for (const room of [rooms.meal(meal._id), rooms.catalog]) await socket.emitWithAck('subscribe', room);
      const pushes: LiveMessages['counts'][] = [];
      const waiting: (() => void)[] = [];
      socket.on('counts', (push: LiveMessages['counts']) => {
        pushes.push(push);
        for (const check of waiting) check();
      });
      const latest = (resource: string) => pushes.filter((push) => push.resource === resource).at(-1)?.counts[meal._id];
      const arrived = (resource: string, expected: object) =>
        new Promise<void>((resolve) => {
          const check = () => JSON.stringify(latest(resource)) === JSON.stringify(expected) && resolve();
          waiting.push(check);
          check();
        });
      const liked = Promise.all([arrived('meal', { likes: 5, reviews: 0 }), arrived('meals', { likes: 5, reviews: 0 })]);

      await Promise.all(fans.map((fan) => like(meal._id, fan.token)));
      await liked;
      const reviewed = arrived('meal', { likes: 5, reviews: 1 });
      await product.call('POST', '/api/reviews', { token: fans[0]!.token, body: { mealId: meal._id, review: 'Worth the queue' } });
      await reviewed;

      // Five likes at once arrive in fewer pushes than likes: a burst is merged within its window.
      expect(pushes.filter((push) => push.resource === 'meal').length).toBeLessThan(6);
    } finally {
      socket.close();
    }
  });
});
