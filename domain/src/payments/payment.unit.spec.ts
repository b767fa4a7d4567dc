import { describe, expect, it } from 'vitest';
import { givenDecider, goldPaymentSucceeded } from '../testing';
import type { PaymentEvent, RecordPayment } from './payment';
import { paymentDecider } from './payment';

const given = givenDecider(paymentDecider);
const record = (overrides: Partial<RecordPayment> = {}): RecordPayment => ({
  type: 'RecordPayment',
  paymentId: 'pay-1',
  user: { userId: 'u-1', email: 'bea@example.com' },
  package: 'Gold',
  provider: 'sandbox',
  providerRef: 'sandbox_1',
  paidAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});
const goldPaid: PaymentEvent = { type: 'PaymentSucceeded', data: goldPaymentSucceeded() };

describe('payment decider', () => {
  it('records the payment priced and badged from the catalogue', () => {
    expect(given().when(record()).events).toEqual([goldPaid]);
  });
  it('prices every package from the catalogue', () => {
    const paid = (name: RecordPayment['package']) => given().when(record({ package: name })).events?.[0]?.data;
    expect(paid('Silver')).toMatchObject({ amount: 1900, price: '$19', badge: 'silver' });
    expect(paid('Platinum')).toMatchObject({ amount: 5900, price: '$59', badge: 'platinum' });
  });
  it('takes nothing money-related from the command but the package name', () => {
    const tampered = { ...record(), amount: 1, price: '$0', badge: 'platinum', currency: 'eur' } as RecordPayment;
    expect(given().when(tampered).events).toEqual([goldPaid]);
  });
  it('records a payment once, however often its confirmation arrives', () => {
    expect(given(goldPaid).when(record()).events).toEqual([]);
  });
  it('refuses to make a recorded attempt the purchase of another package', () => {
    expect(given(goldPaid).when(record({ package: 'Platinum' })).error).toEqual({
      kind: 'conflict',
      message: 'This payment attempt was already made for another package. Please start a new one.',
    });
  });
});
