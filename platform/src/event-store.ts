import type { EventStore } from '@hostel/eventstore';
import { createPostgresEventStore } from '@hostel/eventstore/postgres';
import { STREAM_CATEGORIES } from '@hostel/contracts';
import type pg from 'pg';
import type { Config } from './config';

/**
 * The configured event store: PostgreSQL (in the same database as the read models) by default,
 * KurrentDB with EVENT_STORE=kurrentdb. The KurrentDB client (gRPC) loads only when chosen.
 */
export async function openEventStore(config: Config, pool: pg.Pool): Promise<EventStore> {
  if (config.EVENT_STORE !== 'kurrentdb') return createPostgresEventStore({ pool });
  if (!config.KURRENTDB_URL) throw new Error('EVENT_STORE=kurrentdb needs KURRENTDB_URL');
  const { createKurrentDbEventStore } = await import('@hostel/eventstore/kurrentdb');
  return createKurrentDbEventStore({ connectionString: config.KURRENTDB_URL, categories: STREAM_CATEGORIES });
}
