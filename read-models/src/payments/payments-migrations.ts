import type { MigrationSteps } from '../migrations';

/** The payments table, by the migration each step belongs to. Frozen in time: never import app code here. */
export const paymentsMigrations: MigrationSteps = {
  '2026-11-22-payments': [
    `create table payments (
        id text primary key,
        user_id text not null,
        email text not null,
        package text not null,
        badge text not null,
        price text not null,
        amount integer not null,
        currency text not null,
        provider_ref text not null,
        paid_at timestamptz not null
      )`,
    // Payment History: one person's payments, newest first.
    'create index payments_by_email on payments (lower(email), paid_at desc, id desc)',
  ],
};
