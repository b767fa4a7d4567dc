import { MIN_POSITION_WAIT_MS } from '@hostel/contracts';
import { comparePositions, parsePosition } from '@hostel/eventstore';
import type { Position } from '@hostel/eventstore';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { CHECKPOINT_CHANNEL } from './checkpoints';
import type { CheckpointTables, ProjectionCheckpointsTable } from './checkpoints';

export interface PositionWaiter {
  /**
   * Resolves true once every named projection (every one, given none) has passed `position`, false
   * after `timeoutMs` or when the checkpoints cannot be read. Never throws.
   */
  waitFor(projections: readonly string[], position: Position, timeoutMs?: number): Promise<boolean>;
  /**
   * Calls `listener` with a projection's name each time it commits a batch, and with `undefined`
   * when notifications may have been missed (the listening connection dropped). Answers an unsubscribe.
   */
  onCheckpoint(listener: (projection: string | undefined) => void): () => void;
  close(): Promise<void>;
}

/** While anyone waits, the checkpoints are read again this often, in case a notification was missed. */
const POLL_MS = 100;

/**
 * Read-your-writes, for the read side (`X-Min-Position`) and the command side (a command's answer
 * waits for its events to be readable): the projector NOTIFYs `<projection> <position>` after each
 * committed batch. The checkpoints are kept in memory from those notifications, so any number of
 * waiters cost no query each; while some wait, one shared read of the table every 100 ms covers a
 * missed notification.
 */
export async function createPositionWaiter<Tables extends CheckpointTables>(db: Kysely<Tables>, connectionString: string): Promise<PositionWaiter> {
  const checkpoints = new Map<string, Position>();
  const wakers = new Set<() => void>();
  const checkpointListeners = new Set<(projection: string | undefined) => void>();
  const tell = (projection: string | undefined) => checkpointListeners.forEach((listener) => listener(projection));
  const wakeAll = () => [...wakers].forEach((wake) => wake());
  let listener: pg.Client | undefined;
  let closed = false;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      const [name, at] = message.payload?.split(' ') ?? [];
      const position = at ? parsePosition(at) : undefined;
      if (name && position) checkpoints.set(name, position);
      wakeAll();
      tell(name);
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

  /** One read of the table at a time, shared by whoever asks meanwhile. */
  let reading: Promise<void> | undefined;
  const read = () =>
    (reading ??= sql<Pick<ProjectionCheckpointsTable, 'name' | 'position_a' | 'position_b'>>`
      select name, position_a, position_b from projection_checkpoints`
      .execute(db)
      .then(({ rows }) => rows.forEach((row) => checkpoints.set(row.name, { a: BigInt(row.position_a), b: BigInt(row.position_b) })))
      .finally(() => (reading = undefined)));

  let poll: NodeJS.Timeout | undefined;
  const polling = () => {
    if (poll || wakers.size === 0) return;
    poll = setInterval(() => {
      if (wakers.size === 0) {
        clearInterval(poll);
        poll = undefined;
        return;
      }
      void read().then(wakeAll, () => undefined);
    }, POLL_MS);
    poll.unref();
  };

  const passed = (projections: readonly string[], position: Position) =>
    (projections.length > 0 ? projections : [...checkpoints.keys()]).every((name) => {
      const checkpoint = checkpoints.get(name);
      return checkpoint !== undefined && comparePositions(checkpoint, position) >= 0;
    });

  return {
    async waitFor(projections, position, timeoutMs = MIN_POSITION_WAIT_MS) {
      if (passed(projections, position)) return true;
      const deadline = Date.now() + timeoutMs;
      try {
        // What was notified before this waiter came may not be known here yet (a fresh start, another instance's write).
        await read();
      } catch {
        return false;
      }
      while (!passed(projections, position)) {
        const remaining = deadline - Date.now();
        if (remaining <= 0 || closed) return false;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, remaining);
          wakers.add(wake);
          polling();
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
      clearInterval(poll);
      wakeAll();
      await listener?.end().catch(() => undefined);
    },
  };
}
