import type { Pool } from 'pg';
import type { EventStore, Subscription } from '../port';
import { appendEvents } from './append';
import { createNotifications } from './notifications';
import { DEFAULT_BATCH, readAll, readStream } from './read';
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
 * The PostgreSQL event store: one `events` table, commit-ordered reads guarded by the snapshot's
 * xmin, LISTEN/NOTIFY to wake subscribers and polling as the fallback. Subscriptions share one
 * extra connection (opened from the pool's settings, outside the pool) for LISTEN.
 */
export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const { pool } = options;
  const schema = checkSchemaName(options.schema ?? DEFAULT_SCHEMA);
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const notifications = createNotifications(pool.options, notifyChannel(schema));
  const subscriptions = new Set<Subscription>();

  return {
    append: (stream, events, { expectedVersion }) => appendEvents(pool, schema, stream, events, expectedVersion),
    readStream: (stream) => readStream(pool, schema, stream),
    readAll: (readOptions) => readAll(pool, schema, readOptions),
    subscribe(subscribeOptions) {
      const subscription = startSubscription(
        {
          read: (from, batch) => readAll(pool, schema, { from, batch }),
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
