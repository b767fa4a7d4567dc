import type { FastifyInstance } from 'fastify';
import { COMMAND_READABLE_WAIT_MS } from '@hostel/contracts';
import { parsePosition } from '@hostel/eventstore';
import { projections } from '@hostel/read-models';
import type { PositionWaiter } from '@hostel/read-models';

/**
 * Read-your-writes for clients that do not send `X-Min-Position` on their next read (the spec's own
 * client re-reads a meal right after liking it): a command's answer carrying the `position` of its
 * events waits until every read model has passed it, so whatever anyone reads next shows the change.
 * Bounded: after `timeoutMs` it answers as it would have (the events are recorded; the read models
 * follow).
 */
export function answerOnceReadable(app: FastifyInstance, waiter: PositionWaiter, timeoutMs = COMMAND_READABLE_WAIT_MS): void {
  const readModels = projections.map((projection) => projection.name);
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return payload;
    const answered = (payload as { position?: unknown } | null)?.position;
    const position = typeof answered === 'string' ? parsePosition(answered) : undefined;
    if (position) await waiter.waitFor(readModels, position, timeoutMs);
    return payload;
  });
}
