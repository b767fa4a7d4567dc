import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@hostel/contracts';
import type { Decider } from '@hostel/domain';
import {
  handleCommand,
  likeMeal,
  loadState,
  mealDecider,
  mealRequestsDecider,
  mealRequestsStream,
  mealStream,
  parseEvent,
  userDecider,
  userStream,
} from '@hostel/domain';
import { formatPosition } from '@hostel/eventstore';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Snapshots are a cache of a decider's fold, never the truth: for every stream that keeps them, the
 * state a command is decided on equals the fold of the whole stream, with snapshots and after every
 * snapshot is deleted.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
const context = { actor: 'snapshot-test', correlationId: 'snapshot-test' };

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.stop());

/** The truth: every event of the stream folded from the start. */
async function wholeFold<State>(stream: string, decider: Decider<never, DomainEvent, State>) {
  const recorded = await product.services.store.readStream(stream);
  const last = recorded.at(-1);
  return {
    state: recorded.reduce((state, event) => decider.evolve(state, parseEvent(event)), decider.initialState),
    version: last?.streamVersion,
    position: last ? formatPosition(last.position) : undefined,
  };
}

const asDecider = <State>(decider: unknown) => decider as Decider<never, DomainEvent, State>;

describe('snapshots', () => {
  it("a student's stream of requests: after every command the state equals the whole fold; deleting every snapshot changes no answer", async () => {
    const userId = crypto.randomUUID();
    const stream = mealRequestsStream(userId);
    const user = { userId, email: 'busy@example.com', name: 'Busy', badge: 'gold' as const };
    const request = (n: number, mealId = `meal-${n % 7}`) =>
      handleCommand(
        product.services.store,
        stream,
        mealRequestsDecider,
        { type: 'RequestMeal', user, meal: { mealId, title: 'Dish', distributorName: 'Chef' }, requestTime: new Date(0).toISOString() },
        context,
      ).catch((error: Error) => error.message);

    for (let n = 0; n < 80; n++) {
      await request(n);
      // Approve every third request, serve every other one, cancel every fifth not served, recall a serve now
      // and then: the fold has more than one kind of event to get right.
      const { state } = await loadState(product.services.store, stream, mealRequestsDecider);
      const latest = `${userId}.${state.made}`;
      const pending = state.requests.find((entry) => entry.requestId === latest)?.status === 'Pending';
      const kitchen = { requestId: latest, actorId: userId, actorRole: 'admin' as const, at: new Date().toISOString(), mealListed: true };
      if (pending && n % 3 === 0) await handleCommand(product.services.store, stream, mealRequestsDecider, { type: 'ApproveMealRequest', ...kitchen }, context);
      if (pending && n % 2 === 0) await handleCommand(product.services.store, stream, mealRequestsDecider, { type: 'ServeMealRequest', ...kitchen }, context);
      if (pending && n % 14 === 0)
        await handleCommand(product.services.store, stream, mealRequestsDecider, { type: 'RecallMealRequest', ...kitchen, windowMs: 60_000 }, context);
      if (pending && n % 5 === 0 && n % 2 !== 0)
        await handleCommand(product.services.store, stream, mealRequestsDecider, { type: 'CancelMealRequest', requestId: latest, actorId: userId }, context);
      expect(await loadState(product.services.store, stream, mealRequestsDecider)).toEqual(await wholeFold(stream, asDecider(mealRequestsDecider)));
    }
    expect(await product.sql('select kind from eventstore.snapshots where stream_id = $1', [stream])).toEqual([{ kind: 'meal-requests@2' }]);

    const withSnapshot = await loadState(product.services.store, stream, mealRequestsDecider);
    await product.sql('delete from eventstore.snapshots');
    const withoutSnapshot = await loadState(product.services.store, stream, mealRequestsDecider);
    expect(withoutSnapshot).toEqual(withSnapshot);
    // The same state, so the same answer to any command: the next request is numbered on from both.
    expect(await request(100, 'a-new-meal')).toMatchObject({ changed: true, state: { made: withSnapshot.state.made + 1 } });
  });

  it('an account and an old-model meal (thousands of likes in its stream) fold the same from a snapshot as from the start', async () => {
    const userId = crypto.randomUUID();
    await handleCommand(
      product.services.store,
      userStream(userId),
      userDecider,
      {
        type: 'SignInWithProvider',
        userId,
        name: 'Named 0',
        email: `${userId}@example.com`,
        photo: '',
        issuer: 'test',
        subject: userId,
        emailVerified: true,
        adminEmails: [],
      },
      context,
    );
    for (let n = 1; n <= 60; n++)
      await handleCommand(product.services.store, userStream(userId), userDecider, { type: 'UpdateProfile', userId, name: `Named ${n}` }, context);
    expect(await loadState(product.services.store, userStream(userId), userDecider)).toEqual(await wholeFold(userStream(userId), asDecider(userDecider)));

    const meal = await product.addMeal((await product.registerVerified('Boss', 'boss@hostel.test')).token);
    const oldLikes = Array.from({ length: 3000 }, (_, n) => ({
      type: 'MealLiked',
      eventId: crypto.randomUUID(),
      data: { mealId: meal._id, userId: `old-${n}` },
      metadata: context,
    }));
    await product.services.store.append(mealStream(meal._id), oldLikes, { expectedVersion: 0n });
    expect((await likeMeal(product.services.store, meal._id, 'old-2999', context)).changed).toBe(false);
    expect(await product.sql('select kind, version from eventstore.snapshots where stream_id = $1', [mealStream(meal._id)])).toEqual([
      { kind: 'meal@1', version: '3000' },
    ]);
    expect(await loadState(product.services.store, mealStream(meal._id), mealDecider)).toEqual(await wholeFold(mealStream(meal._id), asDecider(mealDecider)));

    await product.sql('delete from eventstore.snapshots');
    expect((await likeMeal(product.services.store, meal._id, 'old-2999', context)).changed).toBe(false);
    expect((await likeMeal(product.services.store, meal._id, 'someone-new', context)).changed).toBe(true);
  });
});
