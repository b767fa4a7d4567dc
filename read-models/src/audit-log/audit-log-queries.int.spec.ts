import { describe, expect, it } from 'vitest';
import type { AuditPage } from '@hostel/contracts';
import { mealAdded, readModelsGiven, recorded } from '../testing';
import { entityTimeline, exportedEvents, newestEvents, searchEvents } from './audit-log-queries';
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
]);

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
    expect(whole).toHaveLength(1 + 15 + 1 + 7);
    for (const limit of [1, 4, 5, 24]) {
      const pages = await allPages((after) => entityTimeline(database.db, 'meals', MEAL, { after, limit }));
      expect(pages.flat(), `pages of ${limit}`).toEqual(whole);
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    }
  });

  it('search by entity (with or without its kind) and another filter pages the same way; the export reads it whole', async () => {
    for (const filter of [{ entity: `meals:${MEAL}` }, { entity: MEAL }, { entity: MEAL, type: 'MealLiked' }] as AuditFilter[]) {
      const whole = (await searchEvents(database.db, filter, { limit: 500 })).events.map((event) => `${event.type} ${event.position}`);
      expect(whole.length).toBeGreaterThan(10);
      if (filter.type) expect(whole.every((line) => line.startsWith('MealLiked '))).toBe(true);
      const pages = await allPages((after) => searchEvents(database.db, filter, { after, limit: 3 }));
      expect(pages.flat()).toEqual(whole);
      const exported: string[] = [];
      for await (const batch of exportedEvents(database.db, filter, 4)) exported.push(...batch.map((event) => `${event.type} ${event.position}`));
      expect(exported).toEqual(whole);
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
