import { setTimeout as delay } from 'node:timers/promises';
import { formatPosition } from '@hostel/eventstore';
import type { EventStore, Position, RecordedEvent } from '@hostel/eventstore';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CHECKPOINT_CHANNEL } from '@hostel/read-models';
import type { LiveMessage, Projection, ReadModelTables } from '@hostel/read-models';
import { advanceCheckpoint, advanceCheckpointAlone, readCheckpoint } from './checkpoints';
import { parseEvent } from '@hostel/domain';

export interface RunnerDeps {
  store: EventStore;
  db: Kysely<ReadModelTables>;
  log: Logger;
  /** Pushes live messages once their batch has committed (with the correlation id of the event that caused each, when one did). */
  publish?: (message: LiveMessage, cause?: { correlationId: string }) => void;
  /** Events per transaction during catch-up (live batches are as small as what arrived). */
  batchSize?: number;
  /** How long a standby instance waits before trying for the lock again. */
  standbyMs?: number;
}

export interface RunningProjection {
  /** Resolves the first time the projection has applied everything committed so far. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/** Batches up to this many events (live ones) are logged event by event with their correlation ids; larger ones (catch-up) in one line. */
const LOGGED_ONE_BY_ONE = 20;

/** Thrown inside a batch when the checkpoint moved under us: the batch rolls back and we resume from the stored checkpoint. */
class CheckpointMovedError extends Error {}

/**
 * Runs one projection for as long as this instance holds its advisory lock (one active instance
 * per projection; others stand by). Each batch of events and the checkpoint commit in one
 * transaction, so a crash at any point neither loses an event nor applies one twice.
 */
export function runProjection(projection: Projection, deps: RunnerDeps): RunningProjection {
  const { store, db, log } = deps;
  const batchSize = deps.batchSize ?? 500;
  const lockKey = `projection:${projection.name}`;
  const handles = new Set<string>(projection.handles);
  const stopping = new AbortController();
  let subscription: ReturnType<EventStore['subscribe']> | undefined;
  let markCaughtUp!: () => void;
  const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));

  async function commitBatch(from: Position, events: RecordedEvent[]): Promise<Position> {
    const to = events.at(-1)!.position;
    const live: { message: LiveMessage; cause?: { correlationId: string } }[] = [];
    const handled = events.filter((event) => handles.has(event.type)).map(parseEvent);
    if (handled.length === 0) {
      if (!(await advanceCheckpointAlone(db, projection.name, from, to, CHECKPOINT_CHANNEL))) throw new CheckpointMovedError();
      return to;
    }
    await db.transaction().execute(async (trx) => {
      // The checkpoint row first: a concurrent rebuild holds it, so we wait here, not half-way through our writes.
      if (!(await advanceCheckpoint(trx, projection.name, from, to))) throw new CheckpointMovedError();
      // Catch-up batches in a few set-based statements; a live event alone through `apply`, its pushes
      // carrying its correlation id on (the logs follow a command to the sockets).
      if (projection.applyBatch && handled.length > 1) await projection.applyBatch(trx, handled, (message) => live.push({ message }));
      else
        for (const event of handled) {
          const cause = { correlationId: event.correlationId };
          await projection.apply(trx, event, (message) => live.push({ message, cause }));
        }
      await sql`select pg_notify(${CHECKPOINT_CHANNEL}, ${`${projection.name} ${formatPosition(to)}`})`.execute(trx);
    });
    // Each push says how far the read model now is, so a watcher can tell which writes it reflects.
    const position = formatPosition(to);
    if (handled.length <= LOGGED_ONE_BY_ONE)
      for (const event of handled) log.info({ correlationId: event.correlationId, projection: projection.name, event: event.type, position }, 'projected');
    else log.info({ projection: projection.name, events: handled.length, position }, 'projected a batch');
    for (const { message, cause } of live) deps.publish?.({ ...message, payload: { ...message.payload, position } } as LiveMessage, cause);
    return to;
  }

  const runWhileLocked = () =>
    db.connection().execute(async (session) => {
      // Session-level advisory lock on a connection held for as long as we run.
      let locked = false;
      while (!locked && !stopping.signal.aborted) {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtextextended(${lockKey}, 0)) as locked`.execute(session);
        locked = rows[0]?.locked === true;
        if (!locked) await delay(deps.standbyMs ?? 2000, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
      if (!locked) return;
      // From here on the lock is ours: every way out goes through `finally`, or the session would go
      // back to the pool still holding it (stop() can arrive while the lock query is in flight).
      try {
        if (stopping.signal.aborted) return;
        log.info({ projection: projection.name }, 'projection active');
        while (!stopping.signal.aborted) {
          let position = await readCheckpoint(db, projection.name);
          // stop() during that read found no subscription to stop: do not start one it cannot reach.
          if (stopping.signal.aborted) break;
          subscription = store.subscribe({
            from: position,
            batch: batchSize,
            onEvents: async (events) => {
              position = await commitBatch(position, events);
            },
            onCaughtUp: () => markCaughtUp(),
          });
          try {
            await subscription.done;
          } catch (error) {
            if (stopping.signal.aborted) break;
            if (error instanceof CheckpointMovedError) log.info({ projection: projection.name }, 'checkpoint moved (rebuild?); resuming from it');
            else log.error({ err: error, projection: projection.name }, 'projection failed; retrying from its checkpoint');
            if (!(error instanceof CheckpointMovedError)) await delay(1000, undefined, { signal: stopping.signal }).catch(() => undefined);
          }
        }
      } finally {
        await sql`select pg_advisory_unlock(hashtextextended(${lockKey}, 0))`.execute(session).catch(() => undefined);
      }
    });
  // Losing PostgreSQL loses the lock's session: once it answers again, take the lock (or stand by)
  // and resume from the checkpoint, rather than leave the read model behind until a restart.
  const finished = (async () => {
    while (!stopping.signal.aborted) {
      try {
        await runWhileLocked();
      } catch (error) {
        if (stopping.signal.aborted) break;
        log.error({ err: error, projection: projection.name }, 'projection lost its database session; resuming from its checkpoint');
        await delay(1000, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  })();
  finished.catch((error: unknown) => log.error({ err: error, projection: projection.name }, 'projection stopped'));

  return {
    caughtUp,
    async stop() {
      stopping.abort();
      await subscription?.stop();
      await finished.catch(() => undefined);
    },
  };
}
