import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Many students liking the same meals at the same moment: every like is decided on the meal's
 * stream, so they collide. Each must still be answered as a like (or 'already liked'), never 409.
 */
const USERS = 20;
const MEALS = 10;
let product: Awaited<ReturnType<typeof startProduct>>;

beforeAll(async () => {
  product = await startProduct({ RATE_LIMITS: 'off' });
});
afterAll(async () => product?.stop());

describe('likes under contention', () => {
  it(`${USERS} users × ${MEALS} meals liked at once: every like answered 200, none 409 or 5xx, each meal at ${USERS}`, async () => {
    // given ten meals and twenty students
    const admin = await product.registerVerified('Boss', 'boss@hostel.test');
    const meals = await Promise.all(Array.from({ length: MEALS }, (_, index) => product.addMeal(admin.token, { title: `Contended ${index}` })));
    const students = await Promise.all(Array.from({ length: USERS }, (_, index) => product.register(`Student ${index}`, `liker-${index}@example.com`)));

    // when every student likes every meal, all at once
    const answers = await Promise.all(
      students.flatMap((student) =>
        meals.map((meal) => product.call('PATCH', `/api/meals/${meal._id}/like`, { token: student.token, body: { userEmail: student.user.email } })),
      ),
    );

    // then each was a like, and each meal counts every student once
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status !== 200),
      answers.find((answer) => answer.statusCode !== 200)?.body,
    ).toEqual([]);
    const position = answers
      .map((answer) => answer.json().position as string)
      .sort()
      .at(-1)!;
    for (const meal of meals) {
      const read = await product.call('GET', `/api/meals/${meal._id}`, { headers: { 'x-min-position': position } });
      expect(read.json().likes).toBe(USERS);
    }
  }, 120_000);
});
