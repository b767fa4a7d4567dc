import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Projection, ReadModelTables } from '@hostel/read-models';

/**
 * A test-only projection that is deliberately NOT idempotent: each event it applies adds one to
 * the counter of its (stream, type). Applying an event twice overcounts and losing one
 * undercounts, so comparing the tally with the log proves "exactly once". Counting per stream
 * (not only per type) keeps a lost event and a doubled one from cancelling out.
 */
export const eventTallyProjection: Projection = {
  name: 'event_tally',
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserPromotedToAdmin', 'UserBadgeGranted'],
  async apply(trx, event) {
    await sql`insert into event_tally (stream_id, type, applied) values (${event.streamId}, ${event.type}, 1)
      on conflict (stream_id, type) do update set applied = event_tally.applied + 1`.execute(trx);
  },
  tables: ['event_tally'],
};

export async function createEventTallyTable(db: Kysely<ReadModelTables>): Promise<void> {
  await sql`create table event_tally (stream_id text not null, type text not null, applied integer not null, primary key (stream_id, type))`.execute(db);
}

export type Tally = Record<string, number>;

const toTally = (rows: { stream_id: string; type: string; applied: number }[]): Tally =>
  Object.fromEntries(rows.map((row) => [`${row.stream_id} ${row.type}`, Number(row.applied)]));

/** What the projection counted, keyed `"<stream> <type>"`. */
export async function readTally(db: Kysely<ReadModelTables>): Promise<Tally> {
  const { rows } = await sql<{ stream_id: string; type: string; applied: number }>`select stream_id, type, applied from event_tally`.execute(db);
  return toTally(rows);
}

/** The truth: how many events of each (stream, type) the PostgreSQL event store holds. */
export async function countEventsInLog(db: Kysely<ReadModelTables>): Promise<Tally> {
  const types = eventTallyProjection.handles as readonly string[];
  const { rows } = await sql<{ stream_id: string; type: string; applied: number }>`
    select stream_id, type, count(*)::int as applied from eventstore.events where type = any(${types}) group by stream_id, type`.execute(db);
  return toTally(rows);
}
