/** The payments read model: Payment History. Its name, tables, projection and queries. */
export { PAYMENTS } from './payments-tables';
export type { PaymentsTable, PaymentsTables } from './payments-tables';
export { payments } from './payments-read-model';
export { paymentsProjection } from './payments-projection';
export { listPayments } from './payments-queries';
