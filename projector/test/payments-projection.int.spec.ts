import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rooms, streamName } from '@hostel/contracts';
import type { EventData } from '@hostel/contracts';
import { goldPaymentSucceeded } from '@hostel/domain/testing';
import { paymentsProjection } from '@hostel/read-models/payments';
import type { LiveMessage } from '@hostel/read-models';
import { rebuildProjection } from '../src/runtime/rebuild';
import type { RunningProjection } from '../src/runtime/run-projection';
import { createProjectorDatabase, runRecording, waitForCheckpoint } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { domainEvent } from './user-events';

let database: ProjectorDatabase;
let runner: RunningProjection;
let published: LiveMessage[];

beforeAll(async () => {
  database = await createProjectorDatabase();
  ({ runner, published } = runRecording(database, paymentsProjection));
});
afterAll(async () => {
  await runner?.stop();
  await database?.close();
});

const rows = () => database.db.selectFrom('payments').selectAll().orderBy('id').execute();

/** Records a payment and waits until the live payments projection has applied it. */
async function paid(data: Partial<EventData<'PaymentSucceeded'>> = {}) {
  const paymentId = randomUUID();
  const event = goldPaymentSucceeded({ paymentId, provider: 'stripe', providerRef: 'pi_123', ...data });
  const { position } = await database.store.append(streamName('payment', paymentId), [domainEvent('PaymentSucceeded', event)], {
    expectedVersion: 'no_stream',
  });
  await waitForCheckpoint(database.db, paymentsProjection.name, position);
  return event;
}

describe('payments projection', () => {
  it("adds a history row per payment and tells the member's room", async () => {
    const payment = await paid();
    expect(await database.db.selectFrom('payments').selectAll().where('id', '=', payment.paymentId).executeTakeFirst()).toEqual({
      id: payment.paymentId,
      user_id: 'u-1',
      email: 'bea@example.com',
      package: 'Gold',
      badge: 'gold',
      price: '$39',
      amount: 3900,
      currency: 'usd',
      provider_ref: 'pi_123',
      paid_at: new Date('2026-11-22T10:00:00.000Z'),
    });
    // Pushed once the batch has committed, a moment after its checkpoint shows.
    await vi.waitFor(() => expect(published).toContainEqual({ room: rooms.user('u-1'), event: 'changed', payload: { resource: 'payments' } }), {
      timeout: 10_000,
    });
  });

  it('a rebuild from the log gives the very rows the live runtime built', async () => {
    await paid({
      userId: 'u-2',
      email: 'cy@example.com',
      package: 'Silver',
      badge: 'silver',
      amount: 1900,
      price: '$19',
      provider: 'sandbox',
      providerRef: 'sandbox_1',
    });
    const live = await rows();
    expect(live.length).toBeGreaterThanOrEqual(2);
    const pushedBefore = published.length;
    await rebuildProjection(paymentsProjection, { store: database.store, db: database.db });
    expect(await rows()).toEqual(live);
    // A rebuild pushes nothing live.
    expect(published).toHaveLength(pushedBefore);
  });
});
