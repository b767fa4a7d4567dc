import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventData, EventType } from '@hostel/contracts';
import { createDb, createPool, migrate } from '@hostel/platform/db';
import { createFreshDatabase } from '@hostel/platform/testing';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { LiveMessage, ProjectedEvent } from '../projection';
import { projections, readModelMigrations } from '../read-models';
import type { ReadModelTables } from '../read-models';

export interface ReadModelDatabase {
  url: string;
  pool: pg.Pool;
  db: Kysely<ReadModelTables>;
  /**
   * Applies events through every projection that handles them, in one transaction, as the
   * projector's runtime would (without the event store): the way a test gives the queries rows.
   * Answers what the projections asked to push.
   */
  given(...events: ProjectedEvent[]): Promise<LiveMessage[]>;
  close(): Promise<void>;
}

/** A fresh database with the read models' tables (their migrations alone); `close()` drops it. */
export async function createReadModelDatabase(): Promise<ReadModelDatabase> {
  const database = await createFreshDatabase('readmodels');
  const pool = createPool(database.url, 4);
  const db = createDb<ReadModelTables>(pool);
  await migrate(db, 'read_models', readModelMigrations);
  return {
    url: database.url,
    pool,
    db,
    async given(...events) {
      const live: LiveMessage[] = [];
      await db.transaction().execute(async (trx) => {
        for (const event of events) {
          for (const projection of projections) {
            if (projection.handles.includes(event.type)) await projection.apply(trx, event, (message) => live.push(message));
          }
        }
      });
      return live;
    },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

/**
 * A query test file's read models: a fresh database made before its tests and given the events
 * `history()` answers (made then, in that order), dropped after them. Its `db` and `given` are for
 * the tests.
 */
export function readModelsGiven(history: () => ProjectedEvent[]): Pick<ReadModelDatabase, 'db' | 'given' | 'url'> {
  let database: ReadModelDatabase | undefined;
  beforeAll(async () => {
    database = await createReadModelDatabase();
    await database.given(...history());
  });
  afterAll(async () => {
    await database?.close();
  });
  const opened = () => {
    if (!database) throw new Error('The read models are made before the tests: use them inside a test');
    return database;
  };
  return {
    get db() {
      return opened().db;
    },
    get url() {
      return opened().url;
    },
    given: (...events) => opened().given(...events),
  };
}

/** A meal added to the catalogue, Lentil Dal unless the test says otherwise. */
export function mealAdded(meal: Partial<EventData<'MealAdded'>> & { mealId: string }): ProjectedEvent {
  return recorded('MealAdded', {
    title: 'Lentil Dal',
    category: 'Dinner',
    image: `/api/media/${meal.mealId}`,
    ingredients: ['lentils'],
    description: 'Warm',
    price: 6.5,
    distributorName: 'Ada',
    distributorEmail: 'ada@hostel.test',
    rating: 0,
    postTime: '2026-11-01T08:00:00.000Z',
    ...meal,
  });
}

/** The ids of a page's items, in order. */
export const idsOf = (page: { items: { _id: string }[] }) => page.items.map((item) => item._id);

let recordedSoFar = 0n;

/**
 * An event as a projection sees it, recorded at `occurredAt`: each one later in the log than the one
 * before (the audit log indexes every event by its position and chains it to the previous one).
 */
export function recorded<T extends EventType>(type: T, data: EventData<T>, occurredAt = '2026-11-22T10:00:00.000Z'): ProjectedEvent {
  const eventId = randomUUID();
  const position = { a: 1n, b: ++recordedSoFar };
  const streamId = `test-${type}`;
  const metadata = { eventId, actor: 'test', correlationId: eventId, causationId: eventId, occurredAt, schemaVersion: 1 };
  return {
    type,
    data,
    eventId,
    streamId,
    streamVersion: 0n,
    position,
    occurredAt,
    actor: 'test',
    correlationId: eventId,
    causationId: eventId,
    schemaVersion: 1,
    recorded: { eventId, type, data, metadata, streamId, streamVersion: 0n, position },
  } as DomainEvent as ProjectedEvent;
}
