import type { ReadModelTables } from '@hostel/contracts';
import { START } from '@hostel/eventstore';
import type { EventStore } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import { readCheckpoint, resetCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { toProjected } from './to-projected';

/**
 * Replays the whole log into a projection's read model in ONE transaction: readers keep seeing the
 * old rows until the new ones commit (an atomic swap, by MVCC), and the live runner's next batch
 * waits on the checkpoint row, then finds it moved and resumes after the rebuilt position.
 * No live messages and no policies fire during a rebuild.
 */
export async function rebuildProjection(
  projection: Projection,
  deps: { store: EventStore; db: Kysely<ReadModelTables>; batchSize?: number; onProgress?: (eventsRead: number) => void },
): Promise<{ events: number }> {
  const handles = new Set<string>(projection.handles);
  return deps.db.transaction().execute(async (trx) => {
    await readCheckpoint(trx, projection.name);
    await trx.selectFrom('projection_checkpoints').select('name').where('name', '=', projection.name).forUpdate().execute();
    await projection.reset(trx);
    let from = START;
    let read = 0;
    for (;;) {
      const events = await deps.store.readAll({ from, batch: deps.batchSize ?? 1000 });
      if (events.length === 0) break;
      for (const event of events) {
        if (handles.has(event.type)) await projection.apply(trx, toProjected(event), () => undefined);
      }
      from = events.at(-1)!.position;
      read += events.length;
      deps.onProgress?.(read);
    }
    await resetCheckpoint(trx, projection.name, from);
    return { events: read };
  });
}
