import { badgeName, type PaymentDto } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Page, Paging } from '../page';
import type { ReadModelTables } from '../read-models';
import type { PaymentsTable } from './payments-tables';

const toPaymentDto = (row: PaymentsTable): PaymentDto => ({
  _id: row.id,
  email: row.email,
  package: row.package,
  badge: badgeName(row.badge),
  price: row.price,
  amount: row.amount,
  currency: row.currency,
  providerRef: row.provider_ref,
  date: row.paid_at.toISOString(),
});

/** Payment History: one person's payments (`email` in lower case; matched in any case), newest first. */
export async function listPayments(db: Kysely<ReadModelTables>, filter: { email: string } & Paging): Promise<Page<PaymentDto>> {
  const { email, skip, limit } = filter;
  const theirs = db.selectFrom('payments').where(sql`lower(email)`, '=', email);
  const [rows, total] = await Promise.all([
    theirs.selectAll().orderBy('paid_at', 'desc').orderBy('id', 'desc').offset(skip).limit(limit).execute(),
    theirs.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPaymentDto), total: Number(total.count) };
}
