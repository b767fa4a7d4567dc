import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import type { EventStore } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import { projections } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { createRateMeter, formatCount, progressFigures } from './rebuild-progress';
import { rebuildProjections } from './runtime/rebuild';
import type { RebuildStep } from './runtime/rebuild';

/**
 * `npm run rebuild [name…]`: replays the log once into every read model (or the named ones) with a
 * progress bar (events/s and the time left), then swaps them all in at once. Safe while the product
 * runs: the read API answers from the old tables until the swap, and the live projector resumes
 * after the rebuilt position. Policies never fire.
 */
export async function rebuildReadModels(deps: {
  store: EventStore;
  db: Kysely<ReadModelTables>;
  names?: readonly string[];
  eventCount?: number;
  batchSize?: number;
  /** Where the bar is drawn (default standard error, as cli-progress does). */
  stream?: NodeJS.WritableStream;
}): Promise<{ events: number; seconds: number; steps: Record<RebuildStep, number> }> {
  const chosen = deps.names?.length ? projections.filter((projection) => deps.names!.includes(projection.name)) : projections;
  const unknown = deps.names?.filter((name) => !projections.some((projection) => projection.name === name)) ?? [];
  if (unknown.length) throw new Error(`No read model named ${unknown.join(', ')} (known: ${projections.map((p) => p.name).join(', ')})`);
  let total = deps.eventCount ?? 0;
  const bar = new SingleBar(
    {
      format: `rebuild ${chosen.length === projections.length ? 'every read model' : chosen.map((projection) => projection.name).join(', ')} [{bar}] {percentage}% | {read}/{all} events | {speed} events/s | ETA {remaining} | {step} {duration_formatted}`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 1000,
      ...(deps.stream ? { stream: deps.stream } : {}),
    },
    Presets.shades_classic,
  );
  const meter = createRateMeter();
  const started = performance.now();
  let step: RebuildStep = 'replaying';
  /** Seconds spent in each step. */
  const steps: Record<RebuildStep, number> = { replaying: 0, indexing: 0, swapping: 0 };
  let stepStarted = started;
  let read = 0;
  let rate: number | undefined;
  const payload = () => ({ read: formatCount(read), all: formatCount(total), step, ...progressFigures(read, total, rate) });
  bar.start(Math.max(total, 1), 0, payload());
  meter.sample(0);
  try {
    const { events } = await rebuildProjections(chosen, {
      store: deps.store,
      db: deps.db,
      ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
      onProgress: (count) => {
        read = count;
        rate = meter.sample(read);
        if (read > total) {
          total = read;
          bar.setTotal(total);
        }
        bar.update(read, payload());
      },
      onStep: (next) => {
        steps[step] += (performance.now() - stepStarted) / 1000;
        stepStarted = performance.now();
        step = next;
        bar.update(read, payload());
      },
    });
    read = events;
    total = Math.max(events, 1);
    step = 'swapping';
    bar.setTotal(total);
    bar.update(total, { ...payload(), step: 'done', remaining: '0s' });
    steps[step] += (performance.now() - stepStarted) / 1000;
    return { events, seconds: (performance.now() - started) / 1000, steps };
  } finally {
    bar.stop();
  }
}

/**
 * The operator's rebuild command, wherever it runs (`npm run rebuild`, the projector image's rebuild.js):
 * `rebuild`, then one line saying it is done, or why it failed, with exit code 1 (no stack trace).
 */
export async function runRebuildCommand(rebuild: () => Promise<unknown>): Promise<void> {
  try {
    await rebuild();
    console.log('Read models rebuilt.');
  } catch (error) {
    console.error('Rebuild failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

/** How many events the PostgreSQL store holds (the progress bar's total). */
export async function countPostgresEvents(db: Kysely<ReadModelTables>, schema = 'eventstore'): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) as count from ${sql.table(`${schema}.events`)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
