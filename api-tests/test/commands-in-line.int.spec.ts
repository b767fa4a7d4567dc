import { afterAll, beforeAll, expect, it } from 'vitest';
import { handleCommand, mealRequestsDecider, mealRequestsStream } from '@hostel/domain';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Commands on one stream in one process take turns: they never race each other for the stream's next
 * version, so none of them needs the conflict budget (here none is given: a lost race would answer
 * 409 at once). Seen under bench:campus as likes of one upcoming meal answered 409 after 5 s of retries.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.stop());

it('given twelve commands on one stream at once in one process, then each is decided on the one before it: all twelve land, none refused', async () => {
  const userId = crypto.randomUUID();
  const stream = mealRequestsStream(userId);
  const user = { userId, email: 'in-line@example.com', name: 'In Line', badge: 'gold' as const };
  const context = { actor: 'in-line-test', correlationId: 'in-line-test' };
  const answers = await Promise.allSettled(
    Array.from({ length: 12 }, (_, n) =>
      handleCommand(
        product.services.store,
        stream,
        mealRequestsDecider,
        { type: 'RequestMeal', user, meal: { mealId: `meal-${n}`, title: 'Dish', distributorName: 'Chef' }, requestTime: new Date(0).toISOString() },
        context,
        { conflictBudgetMs: 0 },
      ),
    ),
  );

  expect(answers.filter((answer) => answer.status === 'rejected').map((answer) => String(answer.reason))).toEqual([]);
  expect(await product.services.store.readStream(stream)).toHaveLength(12);
});
