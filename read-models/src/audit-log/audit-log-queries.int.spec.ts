import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { AuditEvent, AuditPage } from '@hostel/contracts';
import { mealAdded, readModelsGiven, recorded } from '../testing';
import { entityTimeline, newestEvents, searchEvents } from './audit-log-queries';
import { copyExport, CSV_HEADER } from './export';
import type { AuditFilter } from './audit-log-queries';

/**
 * Timelines and searches by entity are read off the entity index from the page's cursor on: every
 * page holds the next events in commit order, none twice, none skipped, whatever the page size.
 */
const MEAL = 'm-dal';

const database = readModelsGiven(() => [
  mealAdded({ mealId: MEAL, image: '/api/media/dal' }),
  // Likes of this meal and of another, interleaved; an edit among them.
  ...Array.from({ length: 23 }, (_, index) => recorded('MealLiked', { mealId: index % 3 === 0 ? 'm-other' : MEAL, userId: `u-${index}` })),
  recorded('MealEdited', { mealId: MEAL, changes: { price: 7 } }),
  ...Array.from({ length: 7 }, (_, index) => recorded('MealLiked', { mealId: MEAL, userId: `v-${index}` })),
  // What an export must write faithfully: text that needs escaping, a policy's event, an upcast one.
  recorded('MealEdited', { mealId: MEAL, changes: { description: 'Dal "tadka", with\nghee\\ and 🍛 \u2028 – très bon', price: 7.25 } }),
  { ...recorded('MealEdited', { mealId: MEAL, changes: { price: 8 } }), actor: 'system' },
  { ...recorded('MealEdited', { mealId: MEAL, changes: { ingredients: ['rice', 'dal'] } }), schemaVersion: 1, storedData: { ingredients: 'rice, dal' } },
]);

/** An export's whole text, read as the route reads it: COPY over a connection of its own. */
async function exported(filter: AuditFilter, format: 'ndjson' | 'csv'): Promise<string> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await copyExport(client, database.db, filter, format)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await client.end();
  }
}

/** An export's text as its lines, each a line's cells (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^,\n]*)(,|\n)/gy;
  let row: string[] = [];
  for (let match = cell.exec(text); match; match = cell.exec(text)) {
    row.push(match[1]!.startsWith('"') ? match[1]!.slice(1, -1).replaceAll('""', '"') : match[1]!);
    if (match[2] === '\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/** Every page, one after another, as a client follows `next`. */
async function allPages(read: (after: string | undefined) => Promise<AuditPage>): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | undefined;
  do {
    const page = await read(after);
    pages.push(page.events.map((event) => `${event.type} ${event.position}`));
    after = page.next;
  } while (after);
  return pages;
}

describe("the audit log's pages by entity", () => {
  it("a meal's timeline pages through every event that mentions it, in commit order, once", async () => {
    const whole = (await entityTimeline(database.db, 'meals', MEAL, { limit: 500 })).events.map((event) => `${event.type} ${event.position}`);
    expect(whole).toHaveLength(1 + 15 + 1 + 7 + 3);
    for (const limit of [1, 4, 5, 24]) {
      const pages = await allPages((after) => entityTimeline(database.db, 'meals', MEAL, { after, limit }));
      expect(pages.flat(), `pages of ${limit}`).toEqual(whole);
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
      const newestFirst = await allPages((after) => entityTimeline(database.db, 'meals', MEAL, { after, limit, order: 'desc' }));
      expect(newestFirst.flat(), `pages of ${limit}, newest first`).toEqual(whole.toReversed());
    }
  });

  it('search by entity (with or without its kind) and another filter pages the same way; the export reads it whole', async () => {
    for (const filter of [
      { entity: `meals:${MEAL}` },
      { entity: MEAL, from: new Date('2026-01-01T00:00:00Z') },
      { entity: MEAL, type: 'MealLiked' },
    ] as AuditFilter[]) {
      const whole = (await searchEvents(database.db, filter, { limit: 500 })).events.map((event) => `${event.type} ${event.position}`);
      expect(whole.length).toBeGreaterThan(10);
      if (filter.type) expect(whole.every((line) => line.startsWith('MealLiked '))).toBe(true);
      const pages = await allPages((after) => searchEvents(database.db, filter, { after, limit: 3 }));
      expect(pages.flat()).toEqual(whole);
      const newestFirst = await allPages((after) => searchEvents(database.db, filter, { after, limit: 3, order: 'desc' }));
      expect(newestFirst.flat()).toEqual(whole.toReversed());
      const ndjson = await exported(filter, 'ndjson');
      expect(
        ndjson
          .trimEnd()
          .split('\n')
          .map((line) => `${(JSON.parse(line) as AuditEvent).type} ${(JSON.parse(line) as AuditEvent).position}`),
      ).toEqual(whole);
    }
  });

  it('the newest events of a search are the last of its pages, in commit order', async () => {
    for (const filter of [{}, { entity: MEAL }, { type: 'MealLiked' }] as AuditFilter[]) {
      const whole = (await searchEvents(database.db, filter, { limit: 500 })).events.map((event) => event.position);
      const newest = await newestEvents(database.db, filter, 5);
      expect(newest.events.map((event) => event.position)).toEqual(whole.slice(-5));
      expect(newest.next).toBeUndefined();
    }
  });
});

describe('the export', () => {
  it('writes each event as ndjson exactly as the API answers it (without its reading aids, names and subject), and as csv with the same cells', async () => {
    const events = (await searchEvents(database.db, {}, { limit: 500 })).events.map(({ names: _names, subject: _subject, ...event }) => event);
    expect(events.some((event) => event.actor === 'system') && events.some((event) => event.storedData)).toBe(true);
    const ndjson = await exported({}, 'ndjson');
    expect(ndjson.endsWith('\n')).toBe(true);
    // The filter's values are literals in the COPY statement: quotes and all, they stay values.
    expect(await exported({ actor: "o'brien'); drop table audit_events; --", type: "Meal\\'Liked" }, 'ndjson')).toBe('');
    expect(
      ndjson
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(events);

    const csv = CSV_HEADER + (await exported({}, 'csv'));
    const [header, ...rows] = csvRows(csv);
    expect(header).toEqual(CSV_HEADER.trim().split(','));
    expect(rows.map((row) => ({ ...row, 10: JSON.parse(row[10]!) as unknown }))).toEqual(
      events.map((event) => ({
        ...[
          event.position,
          event.stream,
          String(event.version),
          event.type,
          event.occurredAt,
          event.actor === 'system' ? 'system' : event.actor.id,
          event.actor === 'system' ? '' : (event.actor.email ?? ''),
          event.correlationId,
          event.causationId,
          String(event.schemaVersion),
          event.data,
          event.hash,
        ],
      })),
    );
  });
});
