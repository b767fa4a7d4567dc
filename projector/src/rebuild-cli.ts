import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import type { ReadModelTables } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import { projections } from './projections';
import { rebuildProjection } from './runtime/rebuild';

/**
 * `npm run rebuild [name…]`: replays the log into every read model (or the named ones) with a
 * progress bar. Safe while the product runs: each read model swaps in atomically, and the live
 * projector resumes after the rebuilt position.
 */
export async function rebuildReadModels(deps: { store: EventStore; db: Kysely<ReadModelTables>; names?: readonly string[]; eventCount?: number }) {
  const chosen = deps.names?.length ? projections.filter((projection) => deps.names!.includes(projection.name)) : projections;
  const unknown = deps.names?.filter((name) => !projections.some((projection) => projection.name === name)) ?? [];
  if (unknown.length) throw new Error(`No read model named ${unknown.join(', ')} (known: ${projections.map((p) => p.name).join(', ')})`);
  const total = deps.eventCount;
  for (const projection of chosen) {
    const bar = new SingleBar(
      { format: `${projection.name.padEnd(16)} [{bar}] {percentage}% | {value}/{total} events | {duration_formatted}`, hideCursor: true, noTTYOutput: true, notTTYSchedule: 1000 },
      Presets.shades_classic,
    );
    bar.start(total ?? 0, 0);
    const { events } = await rebuildProjection(projection, {
      store: deps.store,
      db: deps.db,
      onProgress: (read) => {
        if (total === undefined || read > total) bar.setTotal(read);
        bar.update(read);
      },
    });
    bar.setTotal(Math.max(events, 1));
    bar.update(events);
    bar.stop();
  }
}

/** How many events the PostgreSQL store holds (the progress bar's total). */
export async function countPostgresEvents(db: Kysely<ReadModelTables>, schema = 'eventstore'): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) as count from ${sql.table(`${schema}.events`)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
