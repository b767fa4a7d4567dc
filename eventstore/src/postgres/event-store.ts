import type { Pool } from 'pg';
import type { EventStore, Position, RecordedEvent, Subscription } from '../port';
import { appendEvents } from './append';
import { createNotifications } from './notifications';
import { DEFAULT_BATCH, readAll, readAllStored, readFromSnapshot, readStream } from './read';
import { checkSchemaName, DEFAULT_SCHEMA, notifyChannel } from './schema';
import { startSubscription } from './subscription';

export interface PostgresEventStoreOptions {
  /** Owned by the caller: `close()` leaves it open, end it yourself after closing the store. */
  pool: Pool;
  /** Schema holding the `events` table (default `eventstore`); run `migrateEventStore` first. */
  schema?: string;
  /** How often subscribers look for new events when no notification wakes them (default 250 ms). */
  pollIntervalMs?: number;
}

/**
 * The PostgreSQL event store: one `events` table, commit-ordered reads guarded by the oldest
 * transaction that could still write to this database (read.ts), LISTEN/NOTIFY to wake subscribers and polling as the fallback. Subscriptions share one
 * extra connection (opened from the pool's settings, outside the pool) for LISTEN.
 */
export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const { pool } = options;
  const schema = checkSchemaName(options.schema ?? DEFAULT_SCHEMA);
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const notifications = createNotifications(pool.options, notifyChannel(schema));
  const subscriptions = new Set<Subscription>();
  // Subscribers woken by the same commit read the same events from the same place (a projector's
  // projections all do): one query answers all of them, rather than one each.
  const reading = new Map<string, Promise<RecordedEvent[]>>();
  const sharedRead = (from: Position, batch: number): Promise<RecordedEvent[]> => {
    const key = `${from.a}/${from.b}/${batch}`;
    let read = reading.get(key);
    if (!read) {
      read = readAll(pool, schema, { from, batch }).finally(() => reading.delete(key));
      reading.set(key, read);
    }
    return read;
  };

  return {
    append: (stream, events, options) => appendEvents(pool, schema, stream, events, options),
    readStream: (stream, readOptions) => readStream(pool, schema, stream, readOptions?.fromVersion),
    readFromSnapshot: (stream, kind) => readFromSnapshot(pool, schema, stream, kind),
    async writeSnapshot(stream, kind, snapshot) {
      // Only forward: a slower writer with an older fold never replaces a newer one.
      await pool.query(
        `INSERT INTO ${schema}.snapshots (stream_id, kind, version, state) VALUES ($1, $2, $3, $4)
         ON CONFLICT (stream_id, kind) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state WHERE ${schema}.snapshots.version < EXCLUDED.version`,
        [stream, kind, String(snapshot.version), JSON.stringify(snapshot.state)],
      );
    },
    readAll: (readOptions) => readAll(pool, schema, readOptions),
    readAllStored: (readOptions) => readAllStored(pool, schema, readOptions),
    subscribe(subscribeOptions) {
      const subscription = startSubscription(
        {
          read: sharedRead,
          notifications,
          pollIntervalMs,
          defaultBatch: DEFAULT_BATCH,
        },
        subscribeOptions,
      );
      subscriptions.add(subscription);
      const forget = (): void => {
        subscriptions.delete(subscription);
      };
      subscription.done.then(forget, forget);
      return subscription;
    },
    /** Stops every subscription and the LISTEN connection; the pool stays open (the caller's). */
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await notifications.close();
    },
  };
}
