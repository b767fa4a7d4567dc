import { type EventData, membershipCharge } from '@hostel/contracts';
import { GOLD_PAYMENT_ANSWER, goldPaymentSucceeded } from '@hostel/domain/testing';
import { describe, expect, it } from 'vitest';
import { idsOf, readModelsGiven, recorded } from '../testing';
import { listPayments } from './payments-queries';

const paid = (paymentId: string, email: string, paidAt: string, overrides: Partial<EventData<'PaymentSucceeded'>> = {}) =>
  recorded(
    'PaymentSucceeded',
    goldPaymentSucceeded({ paymentId, userId: `u-${email}`, email, ...membershipCharge('Silver'), providerRef: `sandbox_${paymentId}`, paidAt, ...overrides }),
  );

const database = readModelsGiven(() => [
  paid('p-1', 'Bea@Example.com', '2026-11-01T10:00:00.000Z'),
  paid('p-2', 'bea@example.com', '2026-11-03T10:00:00.000Z', { ...membershipCharge('Gold'), provider: 'stripe', providerRef: 'pi_123' }),
  // Paid in the same second as p-2: the id breaks the tie.
  paid('p-3', 'bea@example.com', '2026-11-03T10:00:00.000Z'),
  paid('p-4', 'cy@example.com', '2026-11-02T10:00:00.000Z'),
]);

describe('payments queries', () => {
  it("lists one person's payments newest first (the id breaks ties), whatever the case of the stored email", async () => {
    const page = await listPayments(database.db, { email: 'bea@example.com', skip: 0, limit: 10 });
    expect(idsOf(page)).toEqual(['p-3', 'p-2', 'p-1']);
    expect(page.total).toBe(3);
  });

  it('pages, the total counting every payment of theirs', async () => {
    expect(await listPayments(database.db, { email: 'bea@example.com', skip: 1, limit: 1 })).toMatchObject({ items: [{ _id: 'p-2' }], total: 3 });
    expect(await listPayments(database.db, { email: 'bea@example.com', skip: 3, limit: 1 })).toEqual({ items: [], total: 3 });
    expect(await listPayments(database.db, { email: 'nobody@example.com', skip: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it("answers each payment in the API's shape (Payment History's row)", async () => {
    const { items } = await listPayments(database.db, { email: 'bea@example.com', skip: 1, limit: 1 });
    expect(items).toEqual([
      {
        _id: 'p-2',
        email: 'bea@example.com',
        ...GOLD_PAYMENT_ANSWER,
        providerRef: 'pi_123',
        date: '2026-11-03T10:00:00.000Z',
      },
    ]);
  });
});
