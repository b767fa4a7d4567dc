import type { ReadModel } from '../read-model';
import { paymentsMigrations } from './payments-migrations';
import { paymentsProjection } from './payments-projection';
import type { PaymentsTables } from './payments-tables';

export const payments: ReadModel<PaymentsTables> = { projection: paymentsProjection, migrations: paymentsMigrations };
