import { rooms } from '@hostel/contracts';
import type { Projection } from '../runtime/projection';

/** The `payments` read model: Payment History, one row per recorded payment. */
export const paymentsProjection: Projection = {
  name: 'payments',
  handles: ['PaymentSucceeded'],
  tables: ['payments'],
  async apply(trx, event, live) {
    if (event.type !== 'PaymentSucceeded') return;
    const { data } = event;
    await trx
      .insertInto('payments')
      .values({
        id: data.paymentId,
        user_id: data.userId,
        email: data.email,
        package: data.package,
        badge: data.badge,
        price: data.price,
        amount: data.amount,
        currency: data.currency,
        provider_ref: data.providerRef,
        paid_at: new Date(data.paidAt),
      })
      .execute();
    live({ room: rooms.user(data.userId), event: 'changed', payload: { resource: 'payments' } });
  },
};
