import { comparePositions } from '@hostel/eventstore';
import type { EventStore, Position } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '@hostel/read-models';

/** Beyond this many events behind, the lag reads as this many: the scrape stays one bounded read. */
export const LAG_EVENTS_CAP = 10_000;

export interface ProjectionLag {
  projection: string;
  /** Events in the log after its checkpoint (at most LAG_EVENTS_CAP). */
  events: number;
  /** How long the oldest of them has waited (0 when there is none). */
  seconds: number;
}

/**
 * How far each projection is behind the log, measured from the stored checkpoints, so any instance
 * (the active one or one standing by) tells the same: one read of the log from the checkpoint
 * furthest behind, and each projection's events after its own checkpoint counted in it.
 */
export async function measureLag(store: EventStore, db: Kysely<ReadModelTables>, names: readonly string[], now = Date.now()): Promise<ProjectionLag[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom('projection_checkpoints').select(['name', 'position_a', 'position_b']).where('name', 'in', names).execute();
  const checkpoints = new Map<string, Position>(rows.map((row) => [row.name, { a: BigInt(row.position_a), b: BigInt(row.position_b) }]));
  const start: Position = { a: 0n, b: 0n };
  const of = (name: string) => checkpoints.get(name) ?? start;
  const furthestBehind = names.map(of).reduce((earliest, position) => (comparePositions(position, earliest) < 0 ? position : earliest));
  const window = await store.readAll({ from: furthestBehind, batch: LAG_EVENTS_CAP });
  const windowEnd = window.at(-1)?.position;
  const full = window.length === LAG_EVENTS_CAP;
  return Promise.all(
    names.map(async (projection) => {
      const checkpoint = of(projection);
      // A projection far ahead of the window (another is more than the cap behind) reads from its own checkpoint.
      const beyond = full && windowEnd !== undefined && comparePositions(checkpoint, windowEnd) >= 0;
      const behind = beyond
        ? await store.readAll({ from: checkpoint, batch: LAG_EVENTS_CAP })
        : window.filter((event) => comparePositions(event.position, checkpoint) > 0);
      const oldest = behind[0]?.metadata.occurredAt;
      const waited = typeof oldest === 'string' ? Math.max(0, (now - Date.parse(oldest)) / 1000) : 0;
      return { projection, events: behind.length, seconds: behind.length === 0 ? 0 : waited };
    }),
  );
}
