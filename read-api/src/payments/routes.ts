import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ErrorAnswer, PaymentDto, PaymentsQuery } from '@hostel/contracts';
import { actorOf } from '@hostel/platform/http';
import { listPayments, PAYMENTS } from '@hostel/read-models/payments';
import type { ReadModelTables } from '@hostel/read-models';
import { readErrors } from '../error-answers';
import { forbidden } from '@hostel/domain';

const reads = [PAYMENTS];

/** Payment History: a member's own payments (or anyone's, for an admin), newest first, a page at a time. */
export const paymentQueryRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables> }> = async (app, { db }) => {
  app.get(
    '/payments',
    { config: { access: 'user', reads }, schema: { querystring: PaymentsQuery, response: { 200: z.array(PaymentDto), ...readErrors, 403: ErrorAnswer } } },
    async (request, reply) => {
      const actor = actorOf(request);
      if (actor.role !== 'admin' && actor.email.toLowerCase() !== request.query.email) throw forbidden('You can only see your own payments');
      const { items, total } = await listPayments(db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
};
