import type { FastifyInstance } from 'fastify';
import { MIN_POSITION_HEADER, MIN_POSITION_WAIT_MS } from '@hostel/contracts';
import { comparePositions, parsePosition } from '@hostel/eventstore';
import type { Position } from '@hostel/eventstore';
import { CHECKPOINT_CHANNEL } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { invalid } from '@hostel/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The projections a read route reads: `X-Min-Position` waits for these. */
    reads?: readonly string[];
  }
}

export interface PositionWaiter {
  /** Resolves true once every named projection has passed `position`, false after `timeoutMs`. */
  waitFor(projections: readonly string[], position: Position, timeoutMs?: number): Promise<boolean>;
  /**
   * Calls `listener` with a projection's name each time it commits a batch, and with `undefined`
   * when notifications may have been missed (the listening connection dropped). Answers an unsubscribe.
   */
  onCheckpoint(listener: (projection: string | undefined) => void): () => void;
  close(): Promise<void>;
}

const POLL_MS = 100;

/**
 * Read-your-writes: the projector NOTIFYs after each committed batch; a waiting read re-checks the
 * checkpoints on every notification (and every 100 ms, in case a notification was missed).
 */
export async function createPositionWaiter(db: Kysely<ReadModelTables>, connectionString: string): Promise<PositionWaiter> {
  const wakers = new Set<() => void>();
  const checkpointListeners = new Set<(projection: string | undefined) => void>();
  const tell = (projection: string | undefined) => checkpointListeners.forEach((listener) => listener(projection));
  let listener: pg.Client | undefined;
  let closed = false;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      wakers.forEach((wake) => wake());
      tell(message.payload?.split(' ')[0]);
    });
    client.on('error', () => {
      tell(undefined);
      client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void listen().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
    listener = client;
  }
  await listen();

  async function passed(projections: readonly string[], position: Position): Promise<boolean> {
    const rows = await db.selectFrom('projection_checkpoints').select(['name', 'position_a', 'position_b']).execute();
    const byName = new Map(rows.map((row) => [row.name, { a: BigInt(row.position_a), b: BigInt(row.position_b) }]));
    const names = projections.length > 0 ? projections : [...byName.keys()];
    return names.every((name) => {
      const checkpoint = byName.get(name);
      return checkpoint !== undefined && comparePositions(checkpoint, position) >= 0;
    });
  }

  return {
    async waitFor(projections, position, timeoutMs = MIN_POSITION_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (!(await passed(projections, position))) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(POLL_MS, remaining));
          wakers.add(wake);
        });
      }
      return true;
    },
    onCheckpoint(listener) {
      checkpointListeners.add(listener);
      return () => void checkpointListeners.delete(listener);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
    },
  };
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
