import type { Badge } from '@hostel/contracts';

/** The payments read model's name: its projection and checkpoint, what its routes wait for (`config.reads`), what `npm run rebuild` takes. */
export const PAYMENTS = 'payments';

/** Payment History: one row per recorded payment. */
export interface PaymentsTable {
  id: string;
  user_id: string;
  email: string;
  package: string;
  badge: Badge;
  price: string;
  amount: number;
  currency: string;
  provider_ref: string;
  paid_at: Date;
}

export interface PaymentsTables {
  payments: PaymentsTable;
}
