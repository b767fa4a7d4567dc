import { rooms } from '@hostel/contracts';
import { insertRows } from '../batch-writes';
import { batched } from '../projection';
import type { ProjectedEvent } from '../projection';
import { PAYMENTS } from './payments-tables';
import type { PaymentsTable, PaymentsTables } from './payments-tables';

const COLUMNS = ['id', 'user_id', 'email', 'package', 'badge', 'price', 'amount', 'currency', 'provider_ref', 'paid_at'] as const;

function row(event: Extract<ProjectedEvent, { type: 'PaymentSucceeded' }>): PaymentsTable {
  const { data } = event;
  return {
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
  };
}

/** The `payments` read model: Payment History, one row per recorded payment. */
export const paymentsProjection = batched<PaymentsTables>({
  name: PAYMENTS,
  handles: ['PaymentSucceeded'],
  tables: ['payments'],
  async applyBatch(trx, events, live) {
    const rows: PaymentsTable[] = [];
    for (const event of events) {
      if (event.type !== 'PaymentSucceeded') continue;
      rows.push(row(event));
      live({ room: rooms.user(event.data.userId), event: 'changed', payload: { resource: 'payments' } });
    }
    // Insert only: a payment recorded twice fails here as its own INSERT would have.
    await insertRows(trx, 'payments', COLUMNS, rows);
  },
});
