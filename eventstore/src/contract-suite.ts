import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { comparePositions, WrongExpectedVersionError } from './port';
import type { AppendResult, EventStore, EventToAppend, ExpectedVersion, Position, ReadAllOptions, RecordedEvent } from './port';

/** An append that has written its events but not committed yet. */
export interface HeldAppend {
  /** What the append answers once committed. */
  result: AppendResult;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** What one contract test runs against: a store of its own, and how to clean it away. */
export interface EventStoreFixture {
  store: EventStore;
  /** A stream name that no other test uses and that the store's readAll/subscribe include. */
  newStream(label: string): string;
  /**
   * Runs an append up to, but not including, its commit: the late-commit cases need two appends
   * committing in the opposite order of their positions. Stores with concurrent writers provide it
   * (PostgreSQL). KurrentDB leaves it out: its single writer hands out log positions as it commits,
   * so an event can never become readable before one with an earlier position.
   */
  holdAppend?(stream: string, events: EventToAppend[], expectedVersion: ExpectedVersion): Promise<HeldAppend>;
  /** Closes the store (it may already be closed) and removes what the test wrote where it can. */
  dispose(): Promise<void>;
}

/** How long a test waits for something that should happen promptly before failing. */
const PROMPTLY_MS = 10_000;

/**
 * The event-store port's contract, as one vitest suite every adapter runs. `setup` is called
 * before each test and must answer a fresh, empty store (its own schema, its own stream category…).
 */
export function describeEventStoreContract(name: string, setup: () => Promise<EventStoreFixture>): void {
  describe(`event store contract: ${name}`, () => {
    let fixture: EventStoreFixture;
    beforeEach(async () => {
      fixture = await setup();
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    describe('streams', () => {
      it('reads back what was appended: types, data, metadata, consecutive versions', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('user');
        const registered = newEvent('UserRegistered', { name: 'Ada', tags: ['a', 'b'], nested: { n: 1.5, ok: true } });
        const renamed = newEvent('UserRenamed', { name: 'Ada L.' }, { actor: 'admin-1', correlationId: 'c-1' });

        const first = await store.append(stream, [registered, renamed], { expectedVersion: 'no_stream' });
        const second = await store.append(stream, [newEvent('UserPromoted', null)], { expectedVersion: 1n });

        expect(first.nextVersion).toBe(1n);
        expect(second.nextVersion).toBe(2n);
        const events = await store.readStream(stream);
        expect(events.map((event) => [event.type, event.streamVersion, event.streamId])).toEqual([
          ['UserRegistered', 0n, stream],
          ['UserRenamed', 1n, stream],
          ['UserPromoted', 2n, stream],
        ]);
        expect(events[0]).toMatchObject({ eventId: registered.eventId, data: registered.data, metadata: {} });
        expect(events[1]).toMatchObject({ eventId: renamed.eventId, data: renamed.data, metadata: renamed.metadata });
        expect(events[2]?.data).toBeNull();
        expect(events[1]?.position).toEqual(first.position);
        expect(events[2]?.position).toEqual(second.position);
        expectAscending(events.map((event) => event.position));
      });

      it('orders versions and positions as numbers, past the tenth event', async () => {
        const { store } = fixture;
        const [a, b] = [fixture.newStream('a'), fixture.newStream('b')];
        const batch = Array.from({ length: 11 }, (_, index) => newEvent(`A${index}`, {}));
        await store.append(a, batch, { expectedVersion: 'no_stream' });
        for (let index = 0; index < 11; index += 1) {
          await store.append(b, [newEvent(`B${index}`, {})], { expectedVersion: index === 0 ? 'no_stream' : BigInt(index - 1) });
        }

        const stream = await store.readStream(a);
        const all = await readAllEventually(store, 22);

        expect(stream.map((event) => event.streamVersion)).toEqual(batch.map((_, index) => BigInt(index)));
        expect(types(all)).toEqual([...batch.map((event) => event.type), ...Array.from({ length: 11 }, (_, i) => `B${i}`)]);
        expectAscending(all.map((event) => event.position));
        expect(await store.readAll({ from: at(all, 8).position, batch: 4 })).toEqual(all.slice(9, 13));
      });

      it('reads a stream from a version on', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('long');
        await store.append(stream, numberedEvents(12), { expectedVersion: 'no_stream' });
        expect((await store.readStream(stream, { fromVersion: 10n })).map((event) => [event.type, event.streamVersion])).toEqual([
          ['E10', 10n],
          ['E11', 11n],
        ]);
        expect(await store.readStream(stream, { fromVersion: 12n })).toEqual([]);
        expect(await store.readStream(stream, { fromVersion: 0n })).toHaveLength(12);
      });

      it('keeps the latest snapshot of a stream per kind, never going back to an older one', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('snapshotted');
        const snapshotOf = async (kind: string) => (await store.readFromSnapshot(stream, kind)).snapshot;
        expect(await store.readFromSnapshot(stream, 'fold@1')).toEqual({ snapshot: undefined, events: [] });
        await store.writeSnapshot(stream, 'fold@1', { version: 5n, state: { likedBy: ['a', 'b'], n: 1.5 } });
        await store.writeSnapshot(stream, 'fold@1', { version: 9n, state: { likedBy: ['a', 'b', 'c'] } });
        // A slower writer with an older fold does not win.
        await store.writeSnapshot(stream, 'fold@1', { version: 7n, state: { stale: true } });
        expect(await snapshotOf('fold@1')).toEqual({ version: 9n, state: { likedBy: ['a', 'b', 'c'] } });
        expect(await snapshotOf('fold@2')).toBeUndefined();
        // Snapshots are not events: no reader of the log sees them.
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('reads a snapshot and the events after it (every event without one)', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('folded');
        await store.append(stream, numberedEvents(12), { expectedVersion: 'no_stream' });
        const whole = await store.readFromSnapshot(stream, 'fold@1');
        expect(whole.snapshot).toBeUndefined();
        expect(whole.events).toEqual(await store.readStream(stream));
        await store.writeSnapshot(stream, 'fold@1', { version: 9n, state: { upTo: 9 } });
        const after = await store.readFromSnapshot(stream, 'fold@1');
        expect(after.snapshot).toEqual({ version: 9n, state: { upTo: 9 } });
        expect(after.events).toEqual(await store.readStream(stream, { fromVersion: 10n }));
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await fixture.store.readStream(fixture.newStream('missing'))).toEqual([]);
      });

      it('answers the current version for an empty append and writes nothing', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('empty');
        expect(await store.append(stream, [], { expectedVersion: 'no_stream' })).toMatchObject({ nextVersion: -1n });
        const written = await store.append(stream, [newEvent('Opened', {})], { expectedVersion: 'no_stream' });

        expect(await store.append(stream, [], { expectedVersion: 0n })).toEqual(written);
        expect(await store.append(stream, [], { expectedVersion: 'any' })).toEqual(written);
        await expect(store.append(stream, [], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('expected version', () => {
      it("refuses 'no_stream' when the stream exists", async () => {
        const { store } = fixture;
        const stream = fixture.newStream('meal');
        await store.append(stream, [newEvent('MealAdded', {})], { expectedVersion: 'no_stream' });

        const refused = await captureError(store.append(stream, [newEvent('MealAdded', {})], { expectedVersion: 'no_stream' }));

        expect(refused).toBeInstanceOf(WrongExpectedVersionError);
        expect(refused).toMatchObject({ stream, expected: 'no_stream', actual: 0n });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('refuses a stale version, and a version on a stream that does not exist', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('meal');
        await store.append(stream, [newEvent('MealAdded', {}), newEvent('MealLiked', {})], { expectedVersion: 'no_stream' });

        const stale = await captureError(store.append(stream, [newEvent('MealLiked', {})], { expectedVersion: 0n }));
        const missing = await captureError(store.append(fixture.newStream('meal'), [newEvent('MealLiked', {})], { expectedVersion: 0n }));

        expect(stale).toBeInstanceOf(WrongExpectedVersionError);
        expect(stale).toMatchObject({ expected: 0n, actual: 1n });
        expect(missing).toBeInstanceOf(WrongExpectedVersionError);
        expect(missing).toMatchObject({ expected: 0n, actual: 'no_stream' });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('appends only while another stream the events were decided on stands where it stood', async () => {
        const { store } = fixture;
        const meal = fixture.newStream('meal');
        const [first, second, third] = [fixture.newStream('like'), fixture.newStream('like'), fixture.newStream('like')];
        await store.append(meal, [newEvent('MealAdded', {})], { expectedVersion: 'no_stream' });

        await store.append(first, [newEvent('MealLiked', {})], { expectedVersion: 'no_stream', unchangedSince: { stream: meal, version: 0n } });
        await store.append(meal, [newEvent('MealDeleted', {})], { expectedVersion: 0n });
        const moved = await captureError(
          store.append(second, [newEvent('MealLiked', {})], { expectedVersion: 'no_stream', unchangedSince: { stream: meal, version: 0n } }),
        );
        const missing = await captureError(
          store.append(third, [newEvent('MealLiked', {})], {
            expectedVersion: 'no_stream',
            unchangedSince: { stream: fixture.newStream('meal'), version: 0n },
          }),
        );

        expect(await store.readStream(first)).toHaveLength(1);
        expect(moved).toBeInstanceOf(WrongExpectedVersionError);
        expect(moved).toMatchObject({ stream: meal, expected: 0n, actual: 1n });
        expect(missing).toMatchObject({ expected: 0n, actual: 'no_stream' });
        expect(await store.readStream(second)).toEqual([]);
        expect(await store.readStream(third)).toEqual([]);
      });

      it('lets exactly one of two concurrent appends at the same expected version win', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('meal');
        for (const expectedVersion of ['no_stream', 0n] as const) {
          const contenders = [newEvent('MealLiked', { by: 'a' }), newEvent('MealLiked', { by: 'b' })];

          const outcomes = await Promise.allSettled(contenders.map((event) => store.append(stream, [event], { expectedVersion })));

          const winners = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [contenders[index]] : []));
          const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
          expect(winners).toHaveLength(1);
          expect(losers).toHaveLength(1);
          expect(losers[0]).toBeInstanceOf(WrongExpectedVersionError);
          expect((await store.readStream(stream)).at(-1)?.eventId).toBe(winners[0]?.eventId);
        }
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it("lands every one of several concurrent appends with 'any'", async () => {
        const { store } = fixture;
        const stream = fixture.newStream('meal');

        const results = await Promise.all(Array.from({ length: 5 }, () => store.append(stream, [newEvent('MealLiked', {})], { expectedVersion: 'any' })));

        expect(results.map((result) => result.nextVersion).sort()).toEqual([0n, 1n, 2n, 3n, 4n]);
        expect((await store.readStream(stream)).map((event) => event.streamVersion)).toEqual([0n, 1n, 2n, 3n, 4n]);
      });
    });

    describe('idempotent retry', () => {
      it('answers a retried append with the same event ids with the original result and writes nothing', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('user');
        const events = [newEvent('UserRegistered', { name: 'Ada' }), newEvent('UserRenamed', { name: 'Ada L.' })];
        const original = await store.append(stream, events, { expectedVersion: 'no_stream' });

        expect(await store.append(stream, events, { expectedVersion: 'no_stream' })).toEqual(original);
        expect(await store.append(stream, events, { expectedVersion: 'any' })).toEqual(original);

        expect(await store.readStream(stream)).toHaveLength(2);
        const next = await store.append(stream, [newEvent('UserPromoted', {})], { expectedVersion: 1n });
        expect(next.nextVersion).toBe(2n);
      });

      it('answers two racing copies of one append with the same result, stored once', async () => {
        const { store } = fixture;
        const stream = fixture.newStream('user');
        const events = [newEvent('UserRegistered', { name: 'Ada' }), newEvent('UserRenamed', { name: 'Ada L.' })];

        const [one, other] = await Promise.all([
          store.append(stream, events, { expectedVersion: 'no_stream' }),
          store.append(stream, events, { expectedVersion: 'no_stream' }),
        ]);

        expect(other).toEqual(one);
        expect((await store.readStream(stream)).map((event) => event.eventId)).toEqual(events.map((e) => e.eventId));
      });
    });

    describe('global order', () => {
      it('reads all streams in commit order, strictly after `from`, at most `batch` at a time', async () => {
        const { store } = fixture;
        const [a, b, c] = [fixture.newStream('a'), fixture.newStream('b'), fixture.newStream('c')];
        const results = [
          await store.append(a, [newEvent('A1', {})], { expectedVersion: 'no_stream' }),
          await store.append(b, [newEvent('B1', {}), newEvent('B2', {})], { expectedVersion: 'no_stream' }),
          await store.append(a, [newEvent('A2', {})], { expectedVersion: 0n }),
          await store.append(c, [newEvent('C1', {})], { expectedVersion: 'no_stream' }),
        ];

        const all = await readAllEventually(store, 5);

        expect(types(all)).toEqual(['A1', 'B1', 'B2', 'A2', 'C1']);
        expectAscending(all.map((event) => event.position));
        expect([all[0], all[2], all[3], all[4]].map((event) => event?.position)).toEqual(results.map((result) => result.position));
        expect(await store.readAll({ from: at(all, 1).position })).toEqual(all.slice(2));
        expect(await store.readAll({ batch: 2 })).toEqual(all.slice(0, 2));
        expect(await store.readAll({ from: at(all, 1).position, batch: 2 })).toEqual(all.slice(2, 4));
        expect(await store.readAll({ from: at(all, 4).position })).toEqual([]);
      });

      it('reads all as stored: the same events, data and metadata as the JSON text that parses to them', async () => {
        const { store } = fixture;
        const [a, b] = [fixture.newStream('a'), fixture.newStream('b')];
        const data = { title: 'Dal "makhani" \\ é 😀\n', price: 4.5, list: [1, 'x', { z: null, y: false }], nested: {} };
        await store.append(a, [newEvent('A1', data, { actor: 'u-1' }), newEvent('A2', null)], { expectedVersion: 'no_stream' });
        await store.append(b, [newEvent('B1', [1, 2])], { expectedVersion: 'no_stream' });
        const all = await readAllEventually(store, 3);

        const stored = await store.readAllStored({ from: at(all, 0).position, batch: 2 });
        expect(
          stored.map(({ data, metadata, ...event }) => ({ ...event, data: JSON.parse(data) as unknown, metadata: JSON.parse(metadata) as unknown })),
        ).toEqual(all.slice(1, 3));
        const [first] = await store.readAllStored({ batch: 1 });
        expect(typeof first?.data).toBe('string');
        expect(JSON.parse(first!.data)).toEqual(data);
        expect(JSON.parse(first!.metadata)).toEqual({ actor: 'u-1' });
        expect(await store.readAllStored({ from: at(all, 2).position })).toEqual([]);
      });
    });

    describe('subscribe', () => {
      it('hands over existing then live events in order, batch by batch, until stopped', async () => {
        const { store } = fixture;
        const [a, b] = [fixture.newStream('a'), fixture.newStream('b')];
        await store.append(a, [newEvent('A1', {}), newEvent('A2', {})], { expectedVersion: 'no_stream' });
        await store.append(b, [newEvent('B1', {})], { expectedVersion: 'no_stream' });
        const subscriber = collector();
        const subscription = store.subscribe({ batch: 2, ...subscriber.handlers });

        await subscriber.until(() => subscriber.received.length >= 3 && subscriber.caughtUp > 0, 'catch-up');
        await store.append(a, [newEvent('A3', {})], { expectedVersion: 1n });
        await store.append(b, [newEvent('B2', {})], { expectedVersion: 0n });
        await subscriber.until(() => subscriber.received.length >= 5, 'the live events');

        expect(types(subscriber.received)).toEqual(['A1', 'A2', 'B1', 'A3', 'B2']);
        expect(subscriber.received).toEqual(await readAllEventually(store, 5));
        expect(Math.max(...subscriber.batchSizes)).toBeLessThanOrEqual(2);

        await subscription.stop();
        await expect(subscription.done).resolves.toBeUndefined();
        const last = at(subscriber.received, 4).position;
        await store.append(a, [newEvent('A4', {})], { expectedVersion: 2n });
        // A new subscriber from the stopped one's last position gets the event; the stopped one never does.
        const successor = collector();
        const next = store.subscribe({ from: last, ...successor.handlers });
        await successor.until(() => successor.received.length >= 1, 'the event after stop()');
        await next.stop();
        expect(types(successor.received)).toEqual(['A4']);
        expect(subscriber.received).toHaveLength(5);
      });

      it('rejects done when the handler fails, and stop() still resolves', async () => {
        const { store } = fixture;
        await store.append(fixture.newStream('a'), [newEvent('A1', {})], { expectedVersion: 'no_stream' });

        const subscription = store.subscribe({
          onEvents: () => Promise.reject(new Error('projection broke')),
        });

        await expect(subscription.done).rejects.toThrow('projection broke');
        await expect(subscription.stop()).resolves.toBeUndefined();
      });

      it('ends running subscriptions on close()', async () => {
        const { store } = fixture;
        const subscriber = collector();
        const subscription = store.subscribe(subscriber.handlers);
        await subscriber.until(() => subscriber.caughtUp > 0, 'catch-up');

        await store.close();

        await expect(subscription.done).resolves.toBeUndefined();
      });
    });

    describe('late commit', () => {
      it('shows neither of two transactions until the earlier one commits, then both in order', async (context) => {
        const hold = fixture.holdAppend;
        if (!hold) return context.skip(NO_LATE_COMMIT);
        const { store } = fixture;
        const baseline = await store.append(fixture.newStream('base'), [newEvent('Baseline', {})], {
          expectedVersion: 'no_stream',
        });
        await readAllEventually(store, 1);
        const [early, late] = [fixture.newStream('early'), fixture.newStream('late')];
        const earlier = await hold(early, [newEvent('Earlier', {})], 'no_stream');
        const later = await hold(late, [newEvent('Later', {})], 'no_stream');
        expect(comparePositions(earlier.result.position, later.result.position)).toBe(-1);

        await later.commit();

        expect(types(await store.readStream(late))).toEqual(['Later']);
        expect(types(await store.readAll())).toEqual(['Baseline']);
        expect(await store.readAll({ from: baseline.position })).toEqual([]);

        await earlier.commit();

        const all = await readAllEventually(store, 3);
        expect(types(all)).toEqual(['Baseline', 'Earlier', 'Later']);
        expect(all.slice(1).map((event) => event.position)).toEqual([earlier.result.position, later.result.position]);
      });

      it('hands a subscriber the late-committed event, before the later one', async (context) => {
        const hold = fixture.holdAppend;
        if (!hold) return context.skip(NO_LATE_COMMIT);
        const { store } = fixture;
        const running = collector();
        const runningSubscription = store.subscribe(running.handlers);
        await running.until(() => running.caughtUp > 0, 'the running subscriber to catch up');
        const earlier = await hold(fixture.newStream('early'), [newEvent('Earlier', {})], 'no_stream');
        const later = await hold(fixture.newStream('late'), [newEvent('Later', {})], 'no_stream');

        await later.commit();
        // This one catches up while the earlier transaction is still open: it must hand over nothing.
        const starting = collector();
        const startingSubscription = store.subscribe(starting.handlers);
        await starting.until(() => starting.caughtUp > 0, 'the new subscriber to catch up');
        expect(starting.received).toEqual([]);

        await earlier.commit();

        await starting.until(() => starting.received.length >= 2, 'both events (new subscriber)');
        await running.until(() => running.received.length >= 2, 'both events (running subscriber)');
        await Promise.all([runningSubscription.stop(), startingSubscription.stop()]);
        expect(types(starting.received)).toEqual(['Earlier', 'Later']);
        expect(types(running.received)).toEqual(['Earlier', 'Later']);
      });
    });
  });
}

const NO_LATE_COMMIT = 'this store has no concurrent writers, so a later position cannot commit before an earlier one';

function newEvent(type: string, data: unknown, metadata: Record<string, unknown> = {}): EventToAppend {
  return { eventId: randomUUID(), type, data, metadata };
}

/** E0, E1, … with their index as data. */
function numberedEvents(count: number): EventToAppend[] {
  return Array.from({ length: count }, (_, index) => newEvent(`E${index}`, { index }));
}

function types(events: readonly RecordedEvent[]): string[] {
  return events.map((event) => event.type);
}

function at(events: readonly RecordedEvent[], index: number): RecordedEvent {
  const event = events[index];
  if (!event) throw new Error(`expected an event at index ${index} of ${events.length}`);
  return event;
}

function expectAscending(positions: readonly Position[]): void {
  for (let index = 1; index < positions.length; index += 1) {
    expect(comparePositions(positions[index - 1]!, positions[index]!)).toBe(-1);
  }
}

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected the promise to reject, it resolved'),
    (error: unknown) => error,
  );
}

/**
 * readAll until it answers `count` events. Committed events may lag behind in the global log while
 * an older transaction (of any test sharing the database) is still open; that is the guard at work.
 */
async function readAllEventually(store: EventStore, count: number, options?: ReadAllOptions): Promise<RecordedEvent[]> {
  return vi.waitFor(
    async () => {
      const events = await store.readAll(options);
      expect(events.length).toBeGreaterThanOrEqual(count);
      return events;
    },
    { timeout: PROMPTLY_MS, interval: 20 },
  );
}

/** Records what a subscription hands over and lets a test wait until a condition holds. */
function collector() {
  const received: RecordedEvent[] = [];
  const batchSizes: number[] = [];
  const waiters = new Set<() => void>();
  let caughtUp = 0;
  const changed = (): void => {
    for (const check of waiters) check();
  };
  return {
    received,
    batchSizes,
    get caughtUp() {
      return caughtUp;
    },
    handlers: {
      async onEvents(events: RecordedEvent[]) {
        received.push(...events);
        batchSizes.push(events.length);
        changed();
      },
      onCaughtUp() {
        caughtUp += 1;
        changed();
      },
    } satisfies Pick<Parameters<EventStore['subscribe']>[0], 'onEvents' | 'onCaughtUp'>,
    until(condition: () => boolean, what: string): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out after ${PROMPTLY_MS} ms waiting for ${what}; received: ${types(received).join(', ')}`));
        }, PROMPTLY_MS);
        function check(): void {
          if (!condition()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
        check();
      });
    },
  };
}
