import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { AUDIT_ENTITIES, AUDIT_SUBJECTS, streamName } from '@hostel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, START } from '@hostel/eventstore';
import type { Position } from '@hostel/eventstore';
import { projections } from '@hostel/read-models';
import { auditLog } from '@hostel/read-models/audit-log';
import { sql } from 'kysely';
import { rebuildProjections } from '../src/runtime/rebuild';
import { resetCheckpoint } from '../src/runtime/checkpoints';
import { runProjection } from '../src/runtime/run-projection';
import { CHURN_MIX, eventMix } from '../src/testing/event-mix';
import type { MixedAppend } from '../src/testing/event-mix';
import { domainEvent } from './user-events';
import { createProjectorDatabase, waitForCheckpoint } from './projector-database';
import type { ProjectorDatabase } from './projector-database';

/**
 * Every read model, three ways over the same varied log: live, one event per transaction through
 * each projection's `apply` (the reference); rebuilt, through `applyBatch` in batches of every size
 * (a batch boundary anywhere, and the whole log in one batch); and caught up by the live runtime in
 * batches. Each must hold the very same rows, table by table, chain hashes included.
 */
const EVENTS = 2500;
const tables = projections.flatMap((projection) => projection.tables);
let database: ProjectorDatabase;
let last: Position = START;

beforeAll(async () => {
  database = await createProjectorDatabase();
  // A log where the same rows change often, appended four at a time so commits interleave.
  const appends = [...eventMix({ events: EVENTS, seed: 7, weights: CHURN_MIX }), ...awkwardText()];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < appends.length) {
        const { stream, events } = appends[next++]!;
        const { position } = await database.store.append(stream, events, { expectedVersion: 'any' });
        if (comparePositions(position, last) > 0) last = position;
      }
    }),
  );
});
afterAll(() => database?.close());

/** Text that every way of writing rows must carry as it is: tabs, line breaks, backslashes, quotes, braces, commas, 'NULL', emoji. */
function awkwardText(): MixedAppend[] {
  const odd = 'tab\there, line\nbreak\r\n back\\slash "quoted" {braced} NULL \\N é 😀';
  const userId = randomUUID();
  const mealId = randomUUID();
  const reviewId = randomUUID();
  return [
    { stream: streamName('user', userId), events: [domainEvent('UserRegistered', { userId, name: odd, email: 'odd@example.test', photo: odd, role: 'user' })] },
    {
      stream: streamName('meal', mealId),
      events: [
        domainEvent('MealAdded', {
          mealId,
          title: odd,
          category: 'Lunch',
          image: '/api/media/odd',
          ingredients: [odd, 'NULL', '', '"', '\\', '{a,b}'],
          description: odd,
          price: 12.35,
          distributorName: odd,
          distributorEmail: 'odd@example.test',
          postTime: '2026-03-01T10:00:00.123Z',
          rating: 4.3,
        }),
        domainEvent('MealEdited', { mealId, changes: { description: `${odd} (edited)`, ingredients: ['\t', odd] } }),
        domainEvent('MealLiked', { mealId, userId }),
      ],
    },
    {
      stream: streamName('review', reviewId),
      events: [
        domainEvent('ReviewAdded', {
          reviewId,
          mealId,
          mealTitle: odd,
          distributorName: odd,
          userId,
          userEmail: 'odd@example.test',
          userName: odd,
          review: odd,
          createdAt: '2026-03-01T10:05:00.000Z',
        }),
      ],
    },
  ];
}

/** Every row of every read model's tables, as JSON text, sorted: what two builds must agree on. */
async function contents(): Promise<Record<string, string[]>> {
  const answer: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(table)} as t order by 1`.execute(database.db);
    answer[table] = rows.map((row) => row.row);
  }
  return answer;
}

/** Runs every projection live from the start of the log, `batchSize` events a transaction at most, until it has applied all of it. */
async function projectLive(batchSize: number) {
  await database.db.transaction().execute(async (trx) => {
    for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(trx);
    for (const projection of projections) await resetCheckpoint(trx, projection.name, START);
  });
  const runners = projections.map((projection) =>
    runProjection(projection, { store: database.store, db: database.db, log: pino({ level: 'silent' }), batchSize }),
  );
  try {
    for (const projection of projections) await waitForCheckpoint(database.db, projection.name, last, 120_000);
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
  }
}

describe('a rebuild, and catch-up in batches', () => {
  let live: Record<string, string[]>;

  it('the reference: every event applied alone, live', async () => {
    await projectLive(1);
    live = await contents();
    // The log reached every table: likes, deletions and publications among them.
    for (const table of tables) expect(live[table]!.length, table).toBeGreaterThan(0);
    expect(live.audit_events).toHaveLength(await countEvents());
  }, 180_000);

  it("the audit log's migration of 2026-11-27 fills in, for events recorded before it, what the projection now writes", async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`update audit_events set subject_version = null`.execute(trx);
      await sql`delete from audit_entities`.execute(trx);
      await sql`delete from audit_names`.execute(trx);
      // Its statements after the tables it creates: the ones that read the log recorded so far.
      const steps = auditLog.migrations['2026-11-27-audit-entities']!;
      for (const step of steps.slice(steps.findIndex((statement) => statement.startsWith('create temporary table')))) {
        await sql.raw(withSubjectKindsSince(step)).execute(trx);
      }
    });
    expect(await contents()).toEqual(live);
  });

  for (const batchSize of [97, 5000]) {
    it(`a rebuild of every read model in batches of ${batchSize} gives the very same rows`, async () => {
      const { events } = await rebuildProjections(projections, { store: database.store, db: database.db, batchSize });
      expect(events).toBe(await countEvents());
      expect(await contents()).toEqual(live);
    });
  }

  it('live catch-up in batches of 250 gives the very same rows', async () => {
    await projectLive(250);
    expect(await contents()).toEqual(live);
  }, 120_000);
});

/**
 * The migration of 2026-11-27 lists the subject kinds of its day (which event types are whose versions),
 * frozen as a migration must be; a log recorded before it holds no other. This log holds every type of
 * today's catalogue, so the kinds added to AUDIT_SUBJECTS since join the migration's list here: the
 * migration's way of counting is then checked against the projection's on all of them.
 */
function withSubjectKindsSince(step: string): string {
  const end = /\)\s*\) as own\(entity_type, type\)/;
  if (!end.test(step)) return step;
  const known = new Set([...step.matchAll(/\('(\w+)', '(\w+)'\)/g)].map(([, entity, type]) => `${entity} ${type}`));
  const since = AUDIT_ENTITIES.flatMap((entity) => AUDIT_SUBJECTS[entity].types.map((type) => [entity, type] as const)).filter(
    ([entity, type]) => !known.has(`${entity} ${type}`),
  );
  if (since.length === 0) return step;
  return step.replace(end, `), ${since.map(([entity, type]) => `('${entity}', '${type}')`).join(', ')}) as own(entity_type, type)`);
}

async function countEvents(): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) as count from eventstore.events`.execute(database.db);
  return Number(rows[0]!.count);
}
