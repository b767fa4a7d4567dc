import type { FastifyInstance } from 'fastify';
import { MIN_POSITION_HEADER } from '@hostel/contracts';
import { parsePosition } from '@hostel/eventstore';
import type { PositionWaiter } from '@hostel/read-models';
import { invalid } from '@hostel/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The projections a read route reads: `X-Min-Position` waits for these. */
    reads?: readonly string[];
  }
}

/** Makes every read route honour `X-Min-Position` (400 when malformed; a bounded wait otherwise). */
export function registerReadYourWrites(app: FastifyInstance, waiter: PositionWaiter): void {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[MIN_POSITION_HEADER];
    if (header === undefined || request.method !== 'GET') return;
    const position = typeof header === 'string' ? parsePosition(header) : undefined;
    if (!position) throw invalid('X-Min-Position must be a position as returned by a command, like "1234/56"');
    const reached = await waiter.waitFor(request.routeOptions.config?.reads ?? [], position);
    reply.header('x-position-reached', String(reached));
  });
}
