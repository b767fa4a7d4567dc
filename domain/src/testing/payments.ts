import { type EventData, membershipCharge } from '@hostel/contracts';

/** What PaymentSucceeded records for a Gold membership paid through the sandbox (pay-1, by u-1 as bea@example.com), unless told otherwise. */
export function goldPaymentSucceeded(overrides: Partial<EventData<'PaymentSucceeded'>> = {}): EventData<'PaymentSucceeded'> {
  return {
    paymentId: 'pay-1',
    userId: 'u-1',
    email: 'bea@example.com',
    ...membershipCharge('Gold'),
    provider: 'sandbox',
    providerRef: 'sandbox_1',
    paidAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** How the API answers for a Gold membership's payment (a Payment History row), less its email, ids, provider reference and date. */
export const GOLD_PAYMENT_ANSWER = { package: 'Gold', badge: 'Gold', price: '$39', amount: 3900, currency: 'usd' } as const;
