import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DASHBOARD_PAGE_SIZE } from '@hostel/contracts';
import type { PaymentDto, PaymentsTable, ReadModelTables } from '@hostel/contracts';
import { actorOf, forbidden } from '@hostel/platform/http';

const reads = ['payments'] as const;
const toDto = (row: PaymentsTable): PaymentDto => ({
  _id: row.id,
  email: row.email,
  package: row.package,
  badge: row.badge,
  price: row.price,
  amount: row.amount,
  currency: row.currency,
  providerRef: row.provider_ref,
  date: row.paid_at.toISOString(),
});

/** Payment History: a member's own payments (or anyone's, for an admin), newest first, a page at a time. */
export function paymentQueryRoutes(app: FastifyInstance, deps: { db: Kysely<ReadModelTables> }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const querystring = z.object({
    email: z.string({ error: 'Whose payments? Add ?email=' }).trim().toLowerCase().min(1, 'Whose payments? Add ?email=').max(254),
    skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(DASHBOARD_PAGE_SIZE),
  });

  routes.get('/payments', { config: { access: 'user', reads }, schema: { querystring } }, async (request, reply) => {
    const actor = actorOf(request);
    const { email, skip, limit } = request.query;
    if (actor.role !== 'admin' && actor.email.toLowerCase() !== email) throw forbidden('You can only see your own payments');
    const theirs = deps.db.selectFrom('payments').where(sql`lower(email)`, '=', email);
    const [rows, total] = await Promise.all([
      theirs.selectAll().orderBy('paid_at', 'desc').orderBy('id', 'desc').offset(skip).limit(limit).execute(),
      theirs.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ]);
    reply.header('x-total-count', String(total.count));
    return rows.map(toDto);
  });
}
