import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { EventStore } from '@hostel/eventstore';
import { formatPosition, parsePosition, START } from '@hostel/eventstore';
import type { CommandTables } from '../migrations';
import { MEDIA_URL } from './store-image';

/** An uploaded image nothing refers to is kept this long (a form may still be open on it). */
export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
/** The address an image came from is kept this long: the per-address upload quota's day, no longer. */
export const UPLOAD_ADDRESS_KEPT_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 1000;

/**
 * Deletes images no event refers to once their grace period is over, and forgets the address each
 * image came from once the per-address quota no longer counts it. Which images events refer to is
 * learnt from the log itself, read incrementally from a checkpoint: any `/api/media/<id>` in any event's
 * data (a meal's or upcoming meal's image, a user's photo, whatever carries one later) marks that image
 * referenced for good; the log is the truth, so an image an old event names stays for audits and replays.
 *
 * Races: the log is read to its end before anything is deleted, so every reference committed by then is
 * known. A command appended later refers to an image its route claimed first (claimStoredImage sets
 * `last_used_at`), which starts the grace period again: the next sweep reads that event long before.
 * Marking and the checkpoint commit together; two sweepers at once (two command-api instances) only
 * repeat each other's idempotent work.
 */
export async function sweepUnusedImages(deps: {
  store: EventStore;
  db: Kysely<CommandTables>;
  now?: Date;
  graceMs?: number;
}): Promise<{ marked: number; deleted: number }> {
  const { store, db } = deps;
  const row = await db.selectFrom('media_sweep').select('position').where('name', '=', 'references').executeTakeFirst();
  let from = (row && parsePosition(row.position)) ?? START;
  let marked = 0;
  for (;;) {
    const events = await store.readAll({ from, batch: BATCH });
    if (events.length === 0) break;
    const ids = new Set(events.flatMap((event) => [...JSON.stringify(event.data ?? null).matchAll(MEDIA_URL)].map((match) => match[1]!)));
    from = events.at(-1)!.position;
    const position = formatPosition(from);
    await db.transaction().execute(async (trx) => {
      if (ids.size > 0) {
        const updated = await trx
          .updateTable('media')
          .set({ referenced: true })
          .where('id', 'in', [...ids])
          .where('referenced', '=', false)
          .executeTakeFirst();
        marked += Number(updated.numUpdatedRows);
      }
      await trx
        .insertInto('media_sweep')
        .values({ name: 'references', position })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ position }))
        .execute();
    });
  }
  const now = (deps.now ?? new Date()).getTime();
  await db
    .updateTable('media')
    .set({ uploaded_from: null })
    .where('uploaded_from', 'is not', null)
    .where('created_at', '<', new Date(now - UPLOAD_ADDRESS_KEPT_MS))
    .execute();
  const cutoff = new Date(now - (deps.graceMs ?? MEDIA_GRACE_MS));
  const deleted = await db
    .deleteFrom('media')
    .where('referenced', '=', false)
    .where(sql<Date>`coalesce(last_used_at, created_at)`, '<', cutoff)
    .executeTakeFirst();
  return { marked, deleted: Number(deleted.numDeletedRows) };
}

/** Runs the sweep every hour (the first an hour after start); `stop()` waits for a sweep under way. */
export function startImageSweeper(deps: { store: EventStore; db: Kysely<CommandTables>; log: Logger; everyMs?: number }): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      try {
        const { deleted } = await sweepUnusedImages(deps);
        if (deleted > 0) deps.log.info({ deleted }, 'unused images deleted');
      } catch (error) {
        deps.log.error({ err: error }, 'sweeping unused images failed');
      }
    });
  }, deps.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
